/**
 * The app's routes, shared by the browser router (router.tsx) and the site server's first-screen
 * render (first-screen/server.tsx), which must not create a browser router.
 */
import { Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { Layout } from '@/components/Layout';
import { ScreenShown } from './AppRoot';
import { AdminRoute } from './guards/AdminRoute';
import { PrivateRoute } from './guards/PrivateRoute';
import { SubscriptionRoute } from './guards/SubscriptionRoute';
import { screen, type Screen } from './screens';

// One lazily loaded chunk per screen (routes/); main.tsx loads the landing page's ahead of the first render.
const Home = screen(() => import('./routes/Home'));
const AllArticles = screen(() => import('./routes/AllArticles'));
const ArticleDetails = screen(() => import('./routes/ArticleDetails'));
const WriterPage = screen(() => import('./routes/WriterPage'));
const AboutUs = screen(() => import('./routes/AboutUs'));
const Accessibility = screen(() => import('./routes/Accessibility'));
const AddArticle = screen(() => import('./routes/AddArticle'));
const MyArticles = screen(() => import('./routes/MyArticles'));
const PremiumArticles = screen(() => import('./routes/PremiumArticles'));
const Subscription = screen(() => import('./routes/Subscription'));
const Payment = screen(() => import('./routes/Payment'));
const Login = screen(() => import('./routes/Login'));
const Registration = screen(() => import('./routes/Registration'));
const NotFound = screen(() => import('./routes/NotFound'));
const AdminDashboard = screen(() => import('./routes/dashboard/AdminDashboard'));
const AdminStatistics = screen(() => import('./routes/dashboard/AdminStatistics'));
const AllUsers = screen(() => import('./routes/dashboard/AllUsers'));
const AllArticlesAdmin = screen(() => import('./routes/dashboard/AllArticlesAdmin'));
const AddPublisher = screen(() => import('./routes/dashboard/AddPublisher'));
const MyProfile = screen(() => import('./routes/dashboard/MyProfile'));
const UserDashboard = screen(() => import('./routes/dashboard/UserDashboard'));
const UserStatistics = screen(() => import('./routes/dashboard/UserStatistics'));
const GiftLinks = screen(() => import('./routes/dashboard/GiftLinks'));
const Email = screen(() => import('./routes/dashboard/Email'));
const Billing = screen(() => import('./routes/dashboard/Billing'));
const Revenue = screen(() => import('./routes/dashboard/Revenue'));
const Comments = screen(() => import('./routes/dashboard/Comments'));
const Moderation = screen(() => import('./routes/dashboard/Moderation'));

const page = (Screen: Screen) => (
  <>
    <Screen />
    <ScreenShown />
  </>
);
const login = (Screen: Screen) => <PrivateRoute>{page(Screen)}</PrivateRoute>;
const subscribed = (Screen: Screen) => <SubscriptionRoute>{page(Screen)}</SubscriptionRoute>;
const admin = (Screen: Screen) => <AdminRoute>{page(Screen)}</AdminRoute>;
/** Screens outside the layout get their own Suspense boundary. */
const standalone = (node: ReactNode) => <Suspense fallback={<FullScreenLoader />}>{node}</Suspense>;

/** Every route of docs/product.md §2. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: page(Home) },
      { path: '/add-articles', element: login(AddArticle) },
      { path: '/all-articles', element: page(AllArticles) },
      { path: '/subscription', element: login(Subscription) },
      { path: '/my-articles', element: login(MyArticles) },
      { path: '/premium-articles', element: subscribed(PremiumArticles) },
      // Public: signed-out visitors get the teaser (the screen decides), and crawlers the site's tags.
      { path: '/article-details/:id', element: page(ArticleDetails) },
      // Public: a writer's name, photo and approved articles (never their e-mail).
      { path: '/writers/:id', element: page(WriterPage) },
      { path: '/about-us', element: page(AboutUs) },
      { path: '/accessibility', element: page(Accessibility) },
      {
        path: '/dashboard',
        element: admin(AdminDashboard),
        children: [
          { index: true, element: page(AdminStatistics) },
          { path: 'all-users', element: page(AllUsers) },
          { path: 'all-articles-admin', element: page(AllArticlesAdmin) },
          { path: 'comments', element: page(Comments) },
          { path: 'add-publisher', element: page(AddPublisher) },
          { path: 'revenue', element: page(Revenue) },
          { path: 'my-profile', element: page(MyProfile) },
        ],
      },
      {
        path: '/user-dashboard',
        element: login(UserDashboard),
        children: [
          { index: true, element: page(UserStatistics) },
          { path: 'my-profile', element: page(MyProfile) },
          { path: 'billing', element: page(Billing) },
          { path: 'gift-links', element: page(GiftLinks) },
          { path: 'email', element: page(Email) },
          // Editors' moderation table (docs/roles.md); the menu shows it to editors only.
          // The editors' guard is in the screen's own chunk (it reads the profile: no entry weight).
          { path: 'moderation', element: page(Moderation) },
        ],
      },
    ],
  },
  { path: '/login', element: standalone(page(Login)) },
  { path: '/registration', element: standalone(page(Registration)) },
  { path: '/payment', element: standalone(login(Payment)) },
  { path: '*', element: standalone(page(NotFound)) },
];

/**
 * Our error screen, in a chunk of its own: it is loaded once the app has taken over the page
 * (main.tsx), so that it is at hand for a crash, even one caused by a deploy that removed the
 * chunks this page was built with.
 */
export const RouteError = screen(() => import('./RouteError').then((m) => ({ default: m.RouteError })));

/**
 * The route tree both routers use (the browser's and the site server's, so hydration finds the same
 * tree): a render crash anywhere shows our own error screen (Try again / Home), not React Router's.
 */
export const appRoutes: RouteObject[] = [{ errorElement: standalone(<RouteError />), children: routes }];
