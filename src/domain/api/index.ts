/*
 * The API contract: the request and answer types of the endpoints, read by the server that answers and by
 * the front ends that ask. `from '../domain/api'` reads the staff app's; the customers' portal's
 * (`api/portal`) and those of the pages without sign-in (`api/public`) have modules of their own, since
 * they name the customer's view of records the staff app names too (a customer, a pass, a booking).
 */
export * from './staff';
