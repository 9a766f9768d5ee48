/*
 * The settings room: the studio's lists of statuses (a customer's, a mark's) and what their writes must
 * respect, edited on the settings page. Other code uses it through this index only.
 */
export { settingsRoutes } from './routes';
export { statusRules } from './rules';
