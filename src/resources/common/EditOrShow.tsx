import type { ReactNode } from 'react';
import { Loading, useCanAccess } from 'react-admin';

/**
 * A record's page: its form for the roles that may change it, a read-only view for the roles that may
 * only read it (a manager opening a course), at the same address.
 */
export const EditOrShow = ({ edit, show }: { edit: ReactNode; show: ReactNode }) => {
    const { canAccess, isPending } = useCanAccess({ action: 'edit' });
    if (isPending) return <Loading />;
    return <>{canAccess ? edit : show}</>;
};
