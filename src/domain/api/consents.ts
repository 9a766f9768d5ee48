import type { ErasureRequest } from './privacy';
import type { Consent } from '../consents';

/** GET /api/portal/consents, and the answer of giving or revoking marketing there. */
export interface PrivacyAnswer {
    /** The customer's consents, the latest first. */
    consents: Consent[];
    /** The words of the marketing consent they would agree to now, in their language. */
    marketingText: string;
    /** Their request to erase their data, while the studio has not answered it. */
    erasureRequest: ErasureRequest | null;
}

/** GET /api/consents/counts: how many customers hold each consent in force. */
export interface ConsentCounts {
    personalData: number;
    marketing: number;
}
