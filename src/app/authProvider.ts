import type { AuthProvider } from 'react-admin';
import { canAccess } from '../domain/roles';
import { apiCollection, httpClient } from './dataProvider';
import {
    clearSession,
    forgetSignOut,
    readSession,
    rememberSignOut,
    saveSession,
    tokenExpiry,
    type Session,
    type SignOutReason,
} from './session';

/** The session while its token lasts, else null. */
export const signedIn = () => {
    const session = readSession();
    return session && tokenExpiry(session.token) * 1000 > Date.now() ? session : null;
};

export const authProvider: AuthProvider = {
    login: async ({ username, email, password }: { username?: string; email?: string; password: string }) => {
        const { json } = await httpClient('/api/auth/login', {
            method: 'POST',
            body: JSON.stringify({ email: email ?? username, password }),
        });
        saveSession(json as Session);
        forgetSignOut();
    },
    /** Ends this sign-in, or with `{everywhere: true}` every sign-in of the user on every device. */
    logout: async (params?: { everywhere?: boolean }) => {
        const session = readSession();
        // Signed out here first, whatever the server says: the call below only revokes the token there.
        clearSession();
        if (!session) return;
        rememberSignOut(params?.everywhere ? 'everywhere' : 'this_device');
        try {
            await fetch(params?.everywhere ? '/api/auth/logout-everywhere' : '/api/auth/logout', {
                method: 'POST',
                headers: { Authorization: `Bearer ${session.token}` },
                signal: AbortSignal.timeout(5000),
            });
        } catch {
            // Offline or the server is down: the token still ends when it expires.
        }
    },
    checkAuth: async () => {
        if (!signedIn()) {
            clearSession();
            throw new Error('ra.auth.auth_check_error');
        }
    },
    checkError: async (error: { status?: number; body?: { reason?: SignOutReason } }) => {
        // 403 means the role may not do this: stay signed in. Only a refused token signs out, and the
        // sign-in page then says why (signed out on this device, everywhere, or expired).
        if (error?.status === 401) {
            if (readSession()) rememberSignOut(error.body?.reason ?? 'expired');
            clearSession();
            throw new Error('ra.notification.logged_out');
        }
    },
    getIdentity: async () => {
        const session = signedIn();
        if (!session) throw new Error('ra.auth.auth_check_error');
        return { id: session.user.id, fullName: session.user.name, role: session.user.role };
    },
    getPermissions: async () => signedIn()?.user.role,
    canAccess: async ({ resource, action }) =>
        canAccess(signedIn()?.user.role, { resource: apiCollection(resource), action }),
};
