import type { Role, User } from '../domain/types';

/** The signed-in user and their token, kept in localStorage so that a reload stays signed in. */
const key = 'studio.session';

export interface Session {
    token: string;
    user: User & { role: Role };
}

export const readSession = (): Session | null => {
    try {
        const session = JSON.parse(localStorage.getItem(key) ?? 'null') as Session | null;
        return session?.token && session.user ? session : null;
    } catch {
        return null;
    }
};

export const saveSession = (session: Session) => localStorage.setItem(key, JSON.stringify(session));

export const clearSession = () => localStorage.removeItem(key);

/** Seconds since epoch at which the token stops being accepted, read from its payload. */
export const tokenExpiry = (token: string): number => {
    try {
        const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
        return payload.exp ?? 0;
    } catch {
        return 0;
    }
};

/** Why the last session ended, for the sign-in page to say once: signed out here, everywhere, or expired. */
export type SignOutReason = 'this_device' | 'everywhere' | 'expired';
const reasonKey = 'studio.signedOut';
const reasons: SignOutReason[] = ['this_device', 'everywhere', 'expired'];

export const rememberSignOut = (reason: SignOutReason) => {
    try {
        sessionStorage.setItem(reasonKey, reason);
    } catch {
        // Private browsing without storage: the sign-in page just says nothing.
    }
};

/** The reason, kept until the next sign-in (the sign-in page may be drawn more than once meanwhile). */
export const signOutReason = (): SignOutReason | null => {
    try {
        const reason = sessionStorage.getItem(reasonKey) as SignOutReason | null;
        return reason && reasons.includes(reason) ? reason : null;
    } catch {
        return null;
    }
};

export const forgetSignOut = () => {
    try {
        sessionStorage.removeItem(reasonKey);
    } catch {
        // Nothing was kept.
    }
};
