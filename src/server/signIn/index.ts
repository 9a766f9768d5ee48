/*
 * The sign-in room: customers signing in to the portal without a password (a code by their channel, a
 * link staff make, a phone number shared with the studio's bot) and signing up, and the holds on staff
 * sign-ins after too many failures. Other code uses it through this index only.
 */
export { candidatesOf, giveCode } from './codes';
export { signInHoldRoutes } from './holdRoutes';
export { portalSignInRoutes, signInLinkRoutes } from './routes';
