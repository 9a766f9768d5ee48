/*
 * The statistics room: the income statistics, the studio's numbers and each role's dashboard, read from
 * payments, passes and marks. Other code uses it through this index only.
 */
export { dashboard, incomeStatistics } from './reports';
export { statisticsRoutes } from './routes';
