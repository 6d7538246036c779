/** Demo content: realistic enough that every screen looks like a working newsroom. */
import type { Tag } from '@newsroom/common';

export interface DemoAccount {
  key: 'admin' | 'premium' | 'reader' | 'writer1' | 'writer2' | 'writer3' | 'editor';
  email: string;
  /**
   * Only the demo logins have a known password. Staff writers get an emulator account with a
   * random one, so their store records belong to a login like every other user's.
   */
  password?: string;
  name: string;
  role: 'admin' | 'premium' | 'reader' | 'editor';
  colors: [string, string];
  phone?: string;
  address?: string;
  birth?: string;
  gender?: 'male' | 'female';
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: 'admin',
    email: 'admin@newsroom.test',
    password: 'Admin1234',
    name: 'Amelia Hart',
    role: 'admin',
    colors: ['#7c3aed', '#db2777'],
    phone: '15550100',
    address: '12 Fleet Street, London',
    birth: '1984-03-14',
    gender: 'female',
  },
  {
    key: 'premium',
    email: 'premium@newsroom.test',
    password: 'Premium1234',
    name: 'Priya Raman',
    role: 'premium',
    colors: ['#0f766e', '#0ea5e9'],
    phone: '15550142',
    address: '48 Harbour Road, Bristol',
    birth: '1990-07-02',
    gender: 'female',
  },
  {
    key: 'reader',
    email: 'reader@newsroom.test',
    password: 'Reader1234',
    name: 'Noah Bennett',
    role: 'reader',
    colors: ['#b45309', '#f59e0b'],
  },
  {
    key: 'writer1',
    email: 'daniel.mercer@newsroom.test',
    name: 'Daniel Mercer',
    role: 'premium',
    colors: ['#1d4ed8', '#22d3ee'],
    gender: 'male',
  },
  {
    key: 'writer2',
    email: 'sofia.lindqvist@newsroom.test',
    name: 'Sofia Lindqvist',
    role: 'reader',
    colors: ['#be123c', '#fb7185'],
    gender: 'female',
  },
  {
    key: 'writer3',
    email: 'marcus.obi@newsroom.test',
    name: 'Marcus Obi',
    role: 'premium',
    colors: ['#15803d', '#a3e635'],
    gender: 'male',
  },
  // Last: the accounts before it keep their ids (seed.ts numbers them in this order).
  {
    key: 'editor',
    email: 'editor@newsroom.test',
    password: 'Editor1234',
    name: 'Elena Voss',
    role: 'editor',
    colors: ['#4338ca', '#14b8a6'],
    gender: 'female',
  },
];

export interface DemoPublisher {
  publisherName: string;
  colors: [string, string];
}

export const DEMO_PUBLISHERS: DemoPublisher[] = [
  { publisherName: 'The Daily Ledger', colors: ['#1e3a8a', '#0ea5e9'] },
  { publisherName: 'Metro Herald', colors: ['#7f1d1d', '#ef4444'] },
  { publisherName: 'Global Dispatch', colors: ['#0f172a', '#475569'] },
  { publisherName: 'Tech Horizon', colors: ['#312e81', '#8b5cf6'] },
  { publisherName: 'Health Weekly', colors: ['#065f46', '#34d399'] },
  { publisherName: 'The Green Report', colors: ['#14532d', '#84cc16'] },
  { publisherName: 'Capital Times', colors: ['#78350f', '#f59e0b'] },
  { publisherName: 'Arena Sports', colors: ['#9a3412', '#fb923c'] },
];

export interface DemoArticle {
  title: string;
  publisher: string;
  /** Checked against the one tag list (common/src/tags.ts) by the compiler. */
  tags: Tag[];
  author: DemoAccount['key'];
  status: 'Pending' | 'Approved' | 'Declined' | 'Changes requested' | 'Scheduled';
  isPremium: 'Yes' | 'No';
  decliningReason?: string;
  /** What the editor asked the writer to change ('Changes requested' only). */
  reviewNote?: string;
  /** How long after the seed run it is published ('Scheduled' only). */
  publishInDays?: number;
  views: number;
  /** How long before the seed run it was posted. */
  daysAgo: number;
  paragraphs: [string, string, string];
  /**
   * What its writer submitted before this text, oldest first, each with when the next version replaced
   * it: the article's revisions (docs/decisions/revisions.md), this text the last.
   */
  earlierVersions?: { title: string; paragraphs: [string, string, string]; replacedDaysAgo: number }[];
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: 'City council approves a decade-long plan to rebuild the waterfront',
    publisher: 'Metro Herald',
    tags: ['environment', 'business'],
    author: 'admin',
    status: 'Approved',
    isPremium: 'No',
    views: 4821,
    daysAgo: 2,
    paragraphs: [
      'After eleven hours of debate, the city council voted 9–4 on Tuesday night to approve a ten-year plan that will turn two miles of disused docks into parkland, housing and a flood barrier designed for a century of rising water.',
      'The plan, budgeted at 1.8 billion, is to be paid for by a mix of municipal bonds, a regional climate fund and developer contributions tied to the 3,000 homes planned along the eastern quay. A third of those homes must be sold or rented below market rates.',
      'Opponents argued that the timeline was optimistic and that the flood defences should come before any construction. The mayor said the first phase, a raised promenade and wetland buffer, would break ground next spring.',
    ],
  },
  {
    title: 'Inside the race to build batteries without cobalt',
    publisher: 'Tech Horizon',
    tags: ['technology', 'science', 'environment'],
    author: 'writer1',
    status: 'Approved',
    isPremium: 'Yes',
    views: 3690,
    daysAgo: 4,
    paragraphs: [
      'Cobalt has long been the uncomfortable ingredient of the lithium-ion battery: expensive, concentrated in a handful of mines and linked to dangerous working conditions. A new generation of cells is trying to do without it altogether.',
      'Lithium iron phosphate chemistries, once dismissed as too heavy for cars, now power a third of new electric vehicles sold worldwide. Meanwhile laboratories are pushing manganese-rich and sodium-ion designs that could cut costs further still.',
      'Engineers caution that each chemistry trades something away, whether range, cold-weather performance or charging speed. But several manufacturers told us they expect cobalt-free packs to be the default for city cars within five years.',
    ],
  },
  {
    title: 'Four-day school week trial shows surprising gains in attendance',
    publisher: 'The Daily Ledger',
    tags: ['education'],
    author: 'premium',
    status: 'Approved',
    isPremium: 'No',
    views: 2154,
    daysAgo: 6,
    paragraphs: [
      'Twelve rural districts that moved to a four-day week last autumn have reported attendance up by an average of four percentage points, according to an interim report published by the state education department.',
      'Teachers cited the longer weekend as a reason to stay in the profession, and several districts said they had filled vacancies for the first time in years. Parents were more divided, with working families pointing to the cost of childcare on Fridays.',
      'Researchers warned that it is too early to judge the effect on test scores, which will not be available until the summer. The department has asked districts to keep detailed records before any decision to expand the trial.',
    ],
  },
  {
    title: 'The quiet comeback of the neighbourhood bakery',
    publisher: 'Global Dispatch',
    tags: ['food', 'lifestyle', 'culture'],
    author: 'writer2',
    status: 'Approved',
    isPremium: 'No',
    views: 1877,
    daysAgo: 3,
    paragraphs: [
      'On a Saturday morning the queue outside a small bakery on Linden Street reaches the corner before the doors open at seven. Five years ago the shop was a phone repair kiosk.',
      'Across the country, independent bakeries are opening faster than they close for the first time in two decades, helped by a generation of home bakers who turned lockdown experiments into businesses and by customers willing to pay more for slow-fermented bread.',
      'Owners say the margins are thin and the hours brutal. “You sell out of the thing everyone loves by nine,” one baker said, “and then you start again at three the next morning.”',
    ],
  },
  {
    title: 'Central bank holds rates steady but signals cuts later this year',
    publisher: 'Capital Times',
    tags: ['finance', 'business'],
    author: 'writer3',
    status: 'Approved',
    isPremium: 'Yes',
    views: 5230,
    daysAgo: 1,
    paragraphs: [
      'The central bank left its benchmark rate unchanged for a fifth consecutive meeting on Wednesday, but its statement dropped the phrase “further tightening” for the first time since the hiking cycle began.',
      'Markets read the change as a clear hint that cuts are coming, with futures pricing two quarter-point reductions before December. Government bond yields fell sharply and the currency slipped against the dollar.',
      'The governor said inflation was “moving in the right direction but not yet home”, pointing to services prices and wage growth that remain above levels consistent with the target.',
    ],
  },
  {
    title: 'Underdogs stun champions with a last-minute winner',
    publisher: 'Arena Sports',
    tags: ['sports'],
    author: 'writer1',
    status: 'Approved',
    isPremium: 'No',
    views: 6120,
    daysAgo: 0,
    paragraphs: [
      'A header in the 94th minute from a nineteen-year-old substitute gave the league’s bottom side a 2–1 victory over the reigning champions on Sunday, ending a run of fourteen matches without a win.',
      'The champions had dominated possession and led through an early penalty, but were undone by a disciplined second-half display and a goalkeeper who made nine saves.',
      'The result tightens the title race at the top and gives the home side hope of escaping relegation, with six points now separating the bottom five clubs.',
    ],
  },
  {
    title: 'Walking 7,000 steps a day may be enough, large study finds',
    publisher: 'Health Weekly',
    tags: ['health', 'science'],
    author: 'premium',
    status: 'Approved',
    isPremium: 'No',
    views: 4410,
    daysAgo: 8,
    paragraphs: [
      'The famous target of 10,000 steps a day has little scientific basis, and a new analysis of more than 160,000 adults suggests that most of the health benefit arrives well before it.',
      'Participants who averaged around 7,000 steps had a markedly lower risk of early death, heart disease and dementia than those who walked 2,000, with gains flattening beyond that point.',
      'The authors stress that any increase helps, especially for people who are currently inactive, and that the pace of walking appears to matter less than simply moving more often.',
    ],
  },
  {
    title: 'A weekend in Porto: tiled streets, river light and slow lunches',
    publisher: 'Global Dispatch',
    tags: ['travel', 'food'],
    author: 'writer2',
    status: 'Approved',
    isPremium: 'No',
    views: 1320,
    daysAgo: 12,
    paragraphs: [
      'Porto rewards the traveller who arrives without a plan. The city climbs steeply from the Douro, its façades covered in blue and white azulejos that catch the late afternoon light.',
      'Start in Ribeira, cross the double-decker Dom Luís I bridge on foot and end the day in the port lodges of Vila Nova de Gaia. Lunch, taken late and slowly, should include grilled sardines or a francesinha for the brave.',
      'Out of season the city is quieter and cheaper, and the rain that sweeps in from the Atlantic rarely lasts long enough to spoil an afternoon.',
    ],
  },
  {
    title: 'Streaming giants bet on live events as subscriber growth slows',
    publisher: 'Tech Horizon',
    tags: ['entertainment', 'business', 'technology'],
    author: 'writer3',
    status: 'Approved',
    isPremium: 'No',
    views: 2980,
    daysAgo: 5,
    paragraphs: [
      'With most households already paying for at least two streaming services, the platforms are turning to live sport, award shows and concerts to keep viewers from cancelling.',
      'Live events are expensive and technically demanding, but executives say they reduce churn because fans cannot binge them later. Advertising tiers make the economics work, selling premium slots during moments millions watch at once.',
      'Analysts note the irony: after a decade spent dismantling the television schedule, streaming is rebuilding it.',
    ],
  },
  {
    title: 'Museum returns looted bronzes in an emotional ceremony',
    publisher: 'The Daily Ledger',
    tags: ['art', 'culture'],
    author: 'admin',
    status: 'Approved',
    isPremium: 'No',
    views: 1765,
    daysAgo: 10,
    paragraphs: [
      'Twenty-one bronze sculptures taken during a colonial expedition more than a century ago were formally handed back on Thursday, in a ceremony attended by descendants of the craftsmen who cast them.',
      'The museum’s director called the return “long overdue” and said the institution would help fund a new gallery where the works will be displayed in the city they came from.',
      'The handover follows years of negotiation and a change in national law that allowed public collections to transfer ownership of disputed objects.',
    ],
  },
  {
    title: 'Runway report: quiet luxury gives way to bold colour',
    publisher: 'Metro Herald',
    tags: ['fashion', 'lifestyle'],
    author: 'writer2',
    status: 'Approved',
    isPremium: 'Yes',
    views: 990,
    daysAgo: 9,
    paragraphs: [
      'After several seasons of beige cashmere and unbranded tailoring, this year’s shows were a riot of saturated colour, with tangerine, cobalt and acid green dominating the catwalks.',
      'Designers described the shift as a response to customers who want clothes that feel joyful, and to social media, where muted palettes struggle to stand out.',
      'Retail buyers were cautious, predicting that bold pieces will sell as accents rather than whole outfits, but several said they had doubled their orders for colourful knitwear.',
    ],
  },
  {
    title: 'Astronomers spot water vapour on a rocky world 40 light-years away',
    publisher: 'Tech Horizon',
    tags: ['science'],
    author: 'writer1',
    status: 'Approved',
    isPremium: 'No',
    views: 3875,
    daysAgo: 14,
    paragraphs: [
      'Observations from a space telescope have revealed signs of water vapour in the atmosphere of a rocky planet slightly larger than Earth, orbiting a small red star in the constellation Pisces.',
      'The signal is faint and the team is careful not to overstate it: the vapour could belong to the star rather than the planet. Further observations are scheduled for next year to settle the question.',
      'If confirmed, it would be the first detection of water in the atmosphere of a rocky exoplanet in its star’s temperate zone.',
    ],
  },
  {
    title: 'Small businesses turn to four-week sprints to survive high costs',
    publisher: 'Capital Times',
    tags: ['business', 'finance'],
    author: 'premium',
    status: 'Approved',
    isPremium: 'No',
    views: 845,
    daysAgo: 16,
    paragraphs: [
      'Facing rent rises and expensive credit, owners of small firms are borrowing a habit from software teams: planning in short, four-week cycles and reviewing every cost at the end of each one.',
      'Accountants say the approach helps owners spot problems sooner, from a supplier quietly raising prices to a product line that no longer pays for itself.',
      'It is no substitute for demand, one café owner said, “but at least now I know which week is going to hurt before it arrives”.',
    ],
  },
  {
    title: 'Heatwave tests the grid as air-conditioning demand hits a record',
    publisher: 'The Green Report',
    tags: ['environment', 'science'],
    author: 'writer3',
    status: 'Approved',
    isPremium: 'No',
    views: 2740,
    daysAgo: 18,
    paragraphs: [
      'Electricity demand reached an all-time high on Monday evening as temperatures stayed above 35°C well after sunset, forcing the grid operator to call on reserve plants and pay large users to switch off.',
      'Solar output had helped through the afternoon, but the evening peak, when panels fade and homes cool down, remains the system’s weakest moment. Battery storage covered about a tenth of it.',
      'Engineers say more storage and better insulated homes would do more to prevent blackouts than new power stations.',
    ],
  },
  {
    title: 'Marathon season opens with a course record in the rain',
    publisher: 'Arena Sports',
    tags: ['sports', 'health'],
    author: 'writer1',
    status: 'Approved',
    isPremium: 'No',
    views: 1510,
    daysAgo: 21,
    paragraphs: [
      'Despite steady rain and a headwind on the final stretch, the men’s winner crossed the line in 2:05:41, eleven seconds inside the course record set four years ago.',
      'The women’s race was decided in the last kilometre, where the defending champion pulled away from a group of three to win by six seconds.',
      'More than 38,000 runners finished, and organisers said a record amount had been raised for charity.',
    ],
  },
  {
    title: 'Why your next phone might be repairable at home',
    publisher: 'Tech Horizon',
    tags: ['technology', 'lifestyle'],
    author: 'admin',
    status: 'Approved',
    isPremium: 'Yes',
    views: 2230,
    daysAgo: 11,
    paragraphs: [
      'New right-to-repair rules will require manufacturers to make batteries and screens replaceable with ordinary tools and to sell spare parts for at least seven years after a model is discontinued.',
      'Phone makers have started to redesign their devices ahead of the deadline, using pull tabs instead of glue and publishing repair manuals online.',
      'Repair shops welcome the change, though some worry that software locks tying parts to a single handset could still undermine it.',
    ],
  },
  {
    title: 'The return of the school garden',
    publisher: 'The Green Report',
    tags: ['education', 'environment', 'food'],
    author: 'writer2',
    status: 'Approved',
    isPremium: 'No',
    views: 640,
    daysAgo: 25,
    paragraphs: [
      'In a primary school playground hemmed in by flats, pupils are harvesting their first crop of beans, planted in raised beds built by parents over the Easter holidays.',
      'Teachers use the garden to teach biology, maths and cooking, and say children who struggle in class are often the most engaged outdoors.',
      'A national charity now supports more than 2,000 such gardens and is asking for funding to help schools without space use nearby allotments.',
    ],
  },
  {
    title: 'Jazz festival bets on young musicians to find a new audience',
    publisher: 'Metro Herald',
    tags: ['entertainment', 'art', 'culture'],
    author: 'premium',
    status: 'Approved',
    isPremium: 'No',
    views: 1180,
    daysAgo: 27,
    paragraphs: [
      'For its thirtieth edition, the city’s jazz festival has handed half of its main-stage slots to musicians under twenty-five, many of them first discovered through short videos online.',
      'The programme mixes tradition with electronics, hip-hop and West African rhythms, and ticket sales to under-thirties have doubled compared with last year.',
      'Longtime regulars were sceptical at first, the director admitted, “and then they heard the opening night and stopped asking questions”.',
    ],
  },
  {
    title: 'Pension reform: what the new rules mean for savers under 40',
    publisher: 'Capital Times',
    tags: ['finance'],
    author: 'writer3',
    status: 'Approved',
    isPremium: 'Yes',
    views: 1960,
    daysAgo: 13,
    paragraphs: [
      'The government’s pension overhaul raises the default contribution for workplace schemes and lets savers move their pot with them from job to job automatically.',
      'For younger workers the biggest change is compounding: an extra two percent of salary a year from age twenty-five could add tens of thousands to a retirement fund.',
      'Advisers recommend checking where a pot is invested, as default funds vary widely in fees and risk.',
    ],
  },
  {
    title: 'Hospitals trial AI scribes to give doctors time back',
    publisher: 'Health Weekly',
    tags: ['health', 'technology'],
    author: 'writer1',
    status: 'Approved',
    isPremium: 'No',
    views: 2470,
    daysAgo: 7,
    paragraphs: [
      'Doctors at three hospitals are testing software that listens to consultations, with patients’ consent, and drafts clinical notes for the doctor to check and sign.',
      'Early results suggest clinicians save around an hour a day, and patients report that doctors look at them rather than at a screen.',
      'Privacy campaigners have asked for clear rules on how recordings are stored and for an independent audit of the notes’ accuracy.',
    ],
  },
  {
    title: 'Night trains are back on the map across Europe',
    publisher: 'Global Dispatch',
    tags: ['travel', 'environment'],
    author: 'admin',
    status: 'Pending',
    isPremium: 'No',
    views: 0,
    daysAgo: 1,
    paragraphs: [
      'Sleeper services that disappeared a generation ago are returning, with new routes linking capitals that were once only a cheap flight apart.',
      'Operators report full trains in summer and growing demand from business travellers who want to arrive rested and avoid airports.',
      'Fares remain high compared with budget airlines, and rail companies say more modern carriages and cheaper track access charges are needed to grow.',
    ],
  },
  {
    title: 'Community theatres share costumes, sets and audiences',
    publisher: 'The Daily Ledger',
    tags: ['art', 'culture'],
    author: 'writer2',
    status: 'Pending',
    isPremium: 'No',
    views: 0,
    daysAgo: 0,
    paragraphs: [
      'Seven amateur theatre groups have formed a cooperative to share a warehouse of costumes and sets, cutting production costs by almost half.',
      'They also sell a joint season ticket, and say audiences who came for one company are now trying the others.',
      'The model has drawn interest from groups in neighbouring counties who face the same rising hall-hire fees.',
    ],
  },
  {
    title: 'Startup funding rebounds as investors chase climate tech',
    publisher: 'Capital Times',
    tags: ['business', 'environment', 'technology'],
    author: 'writer3',
    status: 'Pending',
    isPremium: 'Yes',
    views: 0,
    daysAgo: 2,
    paragraphs: [
      'Venture investment rose for the second quarter running, driven by large rounds for companies working on grid storage, heat pumps and low-carbon steel.',
      'Investors say climate technology offers long-term demand backed by regulation, even as consumer apps struggle to raise money.',
      'Founders caution that hardware businesses need patient capital and that the rebound has not reached early-stage companies evenly.',
    ],
  },
  {
    title: 'What sleep scientists wish you knew about weekend lie-ins',
    publisher: 'Health Weekly',
    tags: ['health', 'lifestyle'],
    author: 'premium',
    status: 'Pending',
    isPremium: 'No',
    views: 0,
    daysAgo: 3,
    paragraphs: [
      'Sleeping in on Saturday can help repay some of the week’s sleep debt, researchers say, but large swings in bedtime confuse the body clock and make Monday mornings harder.',
      'The advice is to keep wake-up times within an hour of the weekday routine and, if needed, nap early in the afternoon instead.',
      'Morning light, even on a cloudy day, remains the most powerful signal for resetting the clock.',
    ],
  },
  {
    title: 'Regional league introduces video review for the first time',
    publisher: 'Arena Sports',
    tags: ['sports', 'technology'],
    author: 'writer1',
    status: 'Pending',
    isPremium: 'No',
    views: 0,
    daysAgo: 4,
    paragraphs: [
      'From next season, semi-professional clubs in the regional league will be able to challenge two refereeing decisions per match using a low-cost video system.',
      'The cameras, funded by a sponsorship deal, will be installed at all eighteen grounds over the summer.',
      'Referees’ representatives welcomed the extra support but asked for clear limits to avoid long stoppages.',
    ],
    earlierVersions: [
      {
        title: 'Regional league to trial video replays',
        replacedDaysAgo: 3,
        paragraphs: [
          'Semi-professional clubs in the regional league will trial video replays next season, officials confirmed on Tuesday.',
          'Cameras will be installed at every ground over the summer.',
          'Referees’ representatives have not yet commented.',
        ],
      },
      {
        title: 'Regional league introduces video review next season',
        replacedDaysAgo: 2,
        paragraphs: [
          'From next season, semi-professional clubs in the regional league will be able to challenge refereeing decisions using a low-cost video system.',
          'The cameras, funded by a sponsorship deal, will be installed at all eighteen grounds over the summer.',
          'Referees’ representatives have not yet commented.',
        ],
      },
    ],
  },
  {
    title: 'The new rules of dressing for the office',
    publisher: 'Metro Herald',
    tags: ['fashion', 'business'],
    author: 'writer2',
    status: 'Pending',
    isPremium: 'No',
    views: 0,
    daysAgo: 5,
    paragraphs: [
      'Hybrid work has blurred the line between weekend and workwear, and employers have largely stopped writing dress codes at all.',
      'Stylists say the result is a new uniform of soft tailoring, knitwear and clean trainers that works on a video call and in a meeting room.',
      'Some sectors, from law to banking, are quietly reintroducing expectations for client-facing days.',
    ],
  },
  {
    title: 'You will not believe these ten celebrity secrets',
    publisher: 'Global Dispatch',
    tags: ['entertainment'],
    author: 'writer3',
    status: 'Declined',
    isPremium: 'No',
    decliningReason:
      'Clickbait headline and no sources. Please rewrite with named, verifiable sources and a headline that says what the story is.',
    views: 0,
    daysAgo: 15,
    paragraphs: [
      'Stars are just like us, or are they? We dug through rumours and fan forums to find the ten secrets nobody wants you to know.',
      'Number seven will shock you, and number three has never been confirmed by anyone close to the singer.',
      'Read on to find out which actor secretly owns a vineyard and which presenter once auditioned for a boy band.',
    ],
  },
  {
    title: 'Miracle diet melts belly fat in a week',
    publisher: 'Health Weekly',
    tags: ['health', 'food'],
    author: 'writer2',
    status: 'Declined',
    isPremium: 'No',
    decliningReason:
      'Health claims are not supported by evidence. We cannot publish medical advice without citing peer-reviewed research.',
    views: 0,
    daysAgo: 20,
    paragraphs: [
      'A simple morning drink of lemon, ginger and cayenne pepper is all you need to lose weight without changing anything else.',
      'Readers who tried it for seven days reported feeling lighter and more energetic.',
      'Doctors do not want you to know about this one trick.',
    ],
  },
  {
    title: 'Local election results: live updates',
    publisher: 'The Daily Ledger',
    tags: ['culture', 'education'],
    author: 'writer1',
    status: 'Declined',
    isPremium: 'No',
    decliningReason: 'Duplicate of the live blog already published by the politics desk.',
    views: 0,
    daysAgo: 23,
    paragraphs: [
      'Counting is under way across the region, with the first results expected shortly after midnight.',
      'Turnout appears higher than at the last local elections in urban wards, according to early figures from returning officers.',
      'We will update this page as each council declares.',
    ],
  },
  {
    title: 'Travel hack: how to fly business class for free',
    publisher: 'Global Dispatch',
    tags: ['travel', 'finance'],
    author: 'writer3',
    status: 'Changes requested',
    isPremium: 'No',
    reviewNote:
      'Reads as an advertisement for a credit card affiliate programme. Take the sign-up link out, say what the card costs a year, and add what an independent adviser thinks of points schemes; then resubmit.',
    views: 0,
    daysAgo: 30,
    paragraphs: [
      'With the right credit card and a little planning, you can turn everyday spending into lie-flat seats on long-haul flights.',
      'Sign up through our link to get a bonus of 60,000 points after your first three months.',
      'Terms apply, and points may expire if you do not use them.',
    ],
  },
  {
    title: 'Winter ferry timetable: what changes on the island routes',
    publisher: 'The Daily Ledger',
    tags: ['travel', 'lifestyle'],
    author: 'writer1',
    status: 'Scheduled',
    isPremium: 'No',
    publishInDays: 3,
    views: 0,
    daysAgo: 1,
    paragraphs: [
      'The winter timetable for the island ferries starts next week, with fewer evening crossings and an earlier last boat on Sundays.',
      'The operator says the changes follow last winter’s passenger counts; commuters’ groups have asked for the 7:40 crossing to stay.',
      'The full timetable is published here the morning it takes effect: an editor scheduled this article for then.',
    ],
  },
];

/** The fifteen tags of docs/product.md §3: the seed uses every one of them. */
export { TAGS as ALL_TAGS } from '@newsroom/common';
