import { createContext, useContext } from 'react';
import type { MeAnswer, PortalCustomer, PortalSetup, SignedIn } from '../domain/api/portal';
import type { Mode } from './theme';

/** What every screen of the portal may read and do: the studio, who is signed in and acted for, and the shell's switches. */
export interface Portal {
    setup: PortalSetup;
    /** Null while signed out. */
    me: MeAnswer | null;
    /** Whom the calls are for: the signed-in customer or one of their wards. */
    acting?: PortalCustomer;
    /** The `customerId` of the calls: a ward's id, undefined for oneself. */
    actingId?: number;
    setActing: (customerId: number | undefined) => void;
    /** Keeps the token and reads who signed in; `next` is where to go then (else the page stays). */
    signedIn: (answer: SignedIn, next?: string) => Promise<void>;
    signOut: () => void;
    setMe: (me: MeAnswer) => void;
    mode: Mode;
    setMode: (mode: Mode) => void;
    /** A short message at the bottom of the screen. */
    notify: (text: string, severity?: 'success' | 'info' | 'error') => void;
}

export const PortalContext = createContext<Portal | null>(null);

export const usePortal = (): Portal => {
    const portal = useContext(PortalContext);
    if (!portal) throw new Error('usePortal outside the portal');
    return portal;
};
