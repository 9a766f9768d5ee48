import type { ComponentType, ReactNode } from 'react';
import { Loading, useCanAccess, usePermissions, useResourceContext } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { mayOpen, type Access } from '../domain/routes';
import type { Role } from '../domain/types';

/**
 * react-admin starts a page's query as soon as the access check settles, even when it says no, and only
 * then redirects. Rendering the page only once access is granted means a role that may not open a
 * screen fetches nothing for it.
 */
export const RequireAccess = ({
    resource,
    action,
    children,
}: {
    resource?: string;
    action: string;
    children: ReactNode;
}) => {
    const contextResource = useResourceContext();
    const { canAccess, isPending } = useCanAccess({ resource: resource ?? contextResource, action });
    if (isPending) return <Loading />;
    if (!canAccess) return <Navigate to="/access-denied" replace />;
    return <>{children}</>;
};

const guard = (Page: ComponentType, action: string): ComponentType => {
    const Guarded = () => (
        <RequireAccess action={action}>
            <Page />
        </RequireAccess>
    );
    Guarded.displayName = `Guarded(${Page.displayName ?? Page.name})`;
    return Guarded;
};

interface ResourceViews {
    list?: ComponentType;
    edit?: ComponentType;
    create?: ComponentType;
    show?: ComponentType;
}

/** The resource's views, each rendered only for roles that may open it. Call once, at module level. */
export const guarded = <T extends ResourceViews>(views: T): T => ({
    ...views,
    ...(views.list && { list: guard(views.list, 'list') }),
    ...(views.edit && { edit: guard(views.edit, 'show') }),
    ...(views.create && { create: guard(views.create, 'create') }),
    ...(views.show && { show: guard(views.show, 'show') }),
});

/** A page of the route manifest, for the roles its access names. */
export const RequireAccessTo = ({ access, children }: { access: Access; children: ReactNode }) => {
    const { permissions: role, isPending } = usePermissions<Role>();
    if (isPending) return <Loading />;
    if (!mayOpen(role, access)) return <Navigate to="/access-denied" replace />;
    return <>{children}</>;
};
