import type { AuthProvider } from 'react-admin';
import { canAccess } from '../domain/roles';
import { apiCollection, httpClient } from './dataProvider';
import { clearSession, readSession, saveSession, tokenExpiry, type Session } from './session';

const signedIn = () => {
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
    },
    logout: async () => {
        const session = readSession();
        // Signed out here first, whatever the server says: the call below only revokes the token there.
        clearSession();
        if (!session) return;
        try {
            await fetch('/api/auth/logout', {
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
    checkError: async (error: { status?: number }) => {
        // 403 means the role may not do this: stay signed in. Only a refused token signs out.
        if (error?.status === 401) {
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
