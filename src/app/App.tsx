import { Fragment, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading, Resource, StoreContextProvider, useStore } from 'react-admin';
import { BrowserRouter, matchPath, Navigate, Route, useLocation } from 'react-router-dom';
import { pageRoutes, resourceRoutes, type PageKey, type ResourceKey } from '../domain/routes';
import type { Role } from '../domain/types';
import { NotFound } from './errors/NotFound';
import { prototypeResources } from '../resources/prototypes/prototypeResources';
import { resourceScreens, type ResourceScreens } from '../resources/registry';
import { authProvider, signedIn } from './authProvider';
import { dataProvider } from './dataProvider';
import { guarded, RequireAccessTo } from './guarded';
import { i18nProvider } from './i18n/i18nProvider';
import { lazyComponent } from './lazy';
import { Layout } from './Layout';
import { LoginPage } from './LoginPage';
import { Logout } from './Logout';
import { store } from './store';
import { defaultThemeName, themeFor, type ThemeName } from './themes';

export { store };

// Every page is fetched when first opened: the sign-in page loads none of them, and charts load only
// with the statistics page.
const IncomeStatisticsPage = lazy(() => import('../pages/statistics/IncomeStatisticsPage'));
const Dashboard = lazyComponent(() => import('../pages/dashboard/Dashboard'), 'Dashboard');
const AttendanceJournalPage = lazyComponent(
    () => import('../pages/attendanceReport/AttendanceJournalPage'),
    'AttendanceJournalPage',
);
const PayrollPage = lazyComponent(() => import('../pages/payroll/PayrollPage'), 'PayrollPage');
const PaymentLinkPage = lazyComponent(() => import('../pages/payment/PaymentLinkPage'), 'PaymentLinkPage');
const TestCheckoutPage = lazyComponent(() => import('../pages/testCheckout/TestCheckoutPage'), 'TestCheckoutPage');
const CancelBookingPage = lazyComponent(() => import('../pages/cancel/CancelBookingPage'), 'CancelBookingPage');
const TeacherAttendancesPage = lazyComponent(
    () => import('../pages/teacherAttendances/TeacherAttendancesPage'),
    'TeacherAttendancesPage',
);
const ConfigPage = lazyComponent(() => import('../resources/configs/ConfigPage'), 'ConfigPage');
const StatusListPage = lazyComponent(() => import('../resources/statuses/StatusListPage'), 'StatusListPage');

/** The screens of each resource of the route manifest (src/domain/routes.ts), each for the roles that may open it. */
const views = Object.fromEntries(
    (Object.keys(resourceRoutes) as ResourceKey[]).map(key => [key, guarded(resourceScreens[key])]),
) as Record<ResourceKey, ResourceScreens>;

/** The component of each custom page of the route manifest. */
const pages = {
    statistics: IncomeStatisticsPage,
    statuses: StatusListPage,
    configs: ConfigPage,
    teacherPay: TeacherAttendancesPage,
    payroll: PayrollPage,
    journal: AttendanceJournalPage,
    logout: Logout,
    paymentLink: PaymentLinkPage,
    testCheckout: TestCheckoutPage,
    cancelBooking: CancelBookingPage,
} satisfies Record<PageKey, ComponentType>;

const pageRoute = (key: PageKey) => {
    const route = pageRoutes[key];
    const Page = pages[key];
    const page = (
        <Suspense fallback={<Loading />}>
            <Page />
        </Suspense>
    );
    return (
        <Route
            key={key}
            path={route.path}
            element={'access' in route ? <RequireAccessTo access={route.access}>{page}</RequireAccessTo> : page}
        />
    );
};

const pageKeys = Object.keys(pageRoutes) as PageKey[];

/**
 * <Admin>'s children, made once: react-admin reads them again whenever they change, and then runs the
 * function child again, showing its loading page until the prototypes are fetched again. Written inside
 * <Admin>, they would be new each time the theme switch renders it.
 */
const screens = [
    <Fragment key="studio">
        {(Object.keys(resourceRoutes) as ResourceKey[]).map(key => (
            <Resource key={key} name={resourceRoutes[key].name} {...views[key]} />
        ))}
        {/* Records other screens show by name, without screens of their own. */}
        <Resource name="statuses" recordRepresentation="label" />
        <Resource name="configs" />
        <Resource name="passes" recordRepresentation="name" />
        <Resource name="payments" />
        <Resource name="paymentLinks" />
        <CustomRoutes>{pageKeys.filter(key => !('bare' in pageRoutes[key])).map(pageRoute)}</CustomRoutes>
        <CustomRoutes noLayout>{pageKeys.filter(key => 'bare' in pageRoutes[key]).map(pageRoute)}</CustomRoutes>
    </Fragment>,
    // The collections a developer added to db.json, each with guessed screens, for the roles that may open them.
    (role: Role | undefined) => prototypeResources(role, dataProvider.getPrototypes),
];

const StudioAdmin = () => {
    const [themeName] = useStore<ThemeName>('themeName', defaultThemeName);
    return (
        <Admin
            title="Studio"
            store={store}
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider()}
            lightTheme={themeFor(themeName)}
            darkTheme={null}
            layout={Layout}
            dashboard={Dashboard}
            loginPage={LoginPage}
            catchAll={NotFound}
            requireAuth
            disableTelemetry
        >
            {screens}
        </Admin>
    );
};

/** The paths anyone may open without signing in: the sign-in page and the pages on their own (a payment link...). */
const openPaths = ['/login', ...pageKeys.filter(key => 'bare' in pageRoutes[key]).map(key => pageRoutes[key].path)];

/**
 * Someone not signed in goes straight to the sign-in page, which brings them back where they were going.
 * react-admin's own way (requireAuth: signing out as the page mounts) signed a visitor who was not signed
 * in out again and again, thousands of times over ten seconds of a busy browser, before its sign-in page
 * settled.
 */
const SignedOutToLogin = ({ children }: { children: ReactNode }) => {
    const location = useLocation();
    if (signedIn() || openPaths.some(path => matchPath(path, location.pathname))) return <>{children}</>;
    return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
};

/**
 * Real paths (/customers/5, not #/customers/5), as the seed's route table has them. The store is outside
 * <Admin> so that the theme choice can pick the theme <Admin> starts with.
 */
export const App = () => (
    <BrowserRouter>
        <StoreContextProvider value={store}>
            <SignedOutToLogin>
                <StudioAdmin />
            </SignedOutToLogin>
        </StoreContextProvider>
    </BrowserRouter>
);
