/*
 * The consents room: what customers agreed to (personal data, marketing, autopay) as records, given at
 * sign-up, at the desk and in the portal, marketing revoked in one tap; the settings' versioned texts.
 * Other code uses it through this index only.
 */
export { giveMarketing } from './operations';
export { consentRoutes, portalConsentRoutes } from './routes';
export {
    configConsentRules,
    consentRules,
    marketingConsent,
    recordConsent,
    withDeskConsents,
    type Given,
} from './rules';
