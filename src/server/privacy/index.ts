/*
 * The privacy room: personal data under 152-ФЗ. A person's data exported (by an admin, or by the customer
 * in the portal), erased by an admin while the money and visit records stay under an anonymous card, and
 * the customer's request to erase, a task for the admins. Other code uses it through this index only.
 */
export { openErasureRequest } from './operations';
export { portalPrivacyRoutes, privacyRoutes } from './routes';
