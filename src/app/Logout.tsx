import { useEffect } from 'react';
import { Loading, useLogout } from 'react-admin';

/** /logout signs out and lands on /login. */
export const Logout = () => {
    const logout = useLogout();
    useEffect(() => {
        logout();
    }, [logout]);
    return <Loading />;
};
