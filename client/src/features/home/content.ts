/** Fixed copy of the Home page. */
import type { SubscriptionPlanId } from '@newsroom/common/plans';

export const HOME_TIMINGS = {
  carouselDelayMs: 5000,
  carouselSpeedMs: 800,
  counterDurationMs: 5000,
  subscribeModalDelayMs: 10000,
} as const;

export interface PlanCard {
  name: string;
  price: string;
  period: string;
  features: string[];
  highlighted?: boolean;
  /** The renewing subscription the card sells (preselected on /subscription); Free has none. */
  subscription?: SubscriptionPlanId;
}

export const PLAN_CARDS: PlanCard[] = [
  {
    name: 'Free',
    price: '$0',
    period: 'forever',
    features: ['Read every free article', 'Post 1 article', 'No premium articles'],
  },
  {
    name: 'Monthly',
    price: '$10',
    period: 'per month',
    subscription: 'monthly',
    features: ['Unlimited premium articles', 'Post unlimited articles', 'Ad-free reading', 'Cancel anytime'],
    highlighted: true,
  },
  {
    name: 'Yearly',
    price: '$100',
    period: 'per year',
    subscription: 'yearly',
    features: [
      'Everything in Monthly',
      'Two months free',
      'Early access to investigations',
      'Priority support',
    ],
  },
];

export const FAQ = [
  {
    q: 'What is Newsroom?',
    a: 'Newsroom is an independent news platform where readers follow trusted publishers and writers share their reporting with a growing audience.',
  },
  {
    q: 'Is reading free?',
    a: 'Yes. Every approved free article can be read without paying. Premium articles — our in-depth investigations and exclusive analysis — need a subscription.',
  },
  {
    q: 'How do I publish an article?',
    a: 'Create an account, open “Add Articles”, fill in the headline, image, publisher, tags and story, then submit. An editor reviews every submission before it is published.',
  },
  {
    q: 'What does Premium include?',
    a: 'Premium unlocks every premium article and lifts the limit on how many articles you can post. Plans run for a fixed period and can be renewed at any time.',
  },
  {
    q: 'Why was my article declined?',
    a: 'Editors explain every decision. Open “My Articles” and use the reason button next to a declined article to read the editor’s note.',
  },
];

export const WRITING_TIPS = [
  {
    title: 'Lead with the news',
    text: 'Put the most important fact in your first sentence. Readers decide in seconds whether to stay.',
  },
  {
    title: 'Check every fact',
    text: 'Name your sources, verify numbers twice and link claims to evidence an editor can confirm.',
  },
  {
    title: 'Write short and clear',
    text: 'Prefer short sentences and plain words. Cut every paragraph that does not move the story forward.',
  },
  {
    title: 'Choose a strong image',
    text: 'A sharp, relevant photo in landscape format makes your story stand out on the front page.',
  },
];

export const HOW_TO_STEPS = [
  { title: 'Create your account', text: 'Register with your email or sign in with Google in a few seconds.' },
  { title: 'Write your story', text: 'Add a headline, an image, a publisher and tags, then tell the story.' },
  {
    title: 'Editorial review',
    text: 'Our editors read every submission and approve it or explain what to improve.',
  },
  {
    title: 'Reach readers',
    text: 'Approved articles appear in All Articles, and the most-read ones trend on the home page.',
  },
];

export const ADMIN_STEPS = [
  {
    title: 'Review submissions',
    text: 'Approve pending articles or decline them with a clear reason for the writer.',
  },
  { title: 'Curate premium', text: 'Mark outstanding reporting as premium to reward subscribers.' },
  { title: 'Manage publishers', text: 'Add publishers with their logos so writers can credit them.' },
  { title: 'Grow the team', text: 'Promote trusted users to admin from the dashboard’s user list.' },
];
