/*
 * The API contract: the request and answer types of the endpoints, read by the server that answers and by
 * the front ends that ask. `from '../domain/api'` reads the staff app's.
 */
export * from './staff';
