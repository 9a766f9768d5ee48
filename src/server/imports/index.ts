/*
 * The imports room: customers and their passes read from another system's CSV file, planned, applied in
 * one transaction and undone. Other code uses it through this index only.
 */
export { importRoutes } from './routes';
export { importRules } from './rules';
