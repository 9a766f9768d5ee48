import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { resourceRoutes, type ResourceKey } from '../domain/routes';

/*
 * The screens of every resource of the route manifest (src/domain/routes.ts), found by its folder:
 * src/resources/{key}/index.ts answers its react-admin views (lazy components), its icon and its
 * record representation. A resource in the manifest without that folder stops the app at once.
 */

export interface ResourceScreens {
    list?: ComponentType;
    edit?: ComponentType;
    create?: ComponentType;
    show?: ComponentType;
    icon: ComponentType;
    /** A field's name, or how a record of the resource is named (each resource reads its own record type). */
    recordRepresentation?: ResourceProps['recordRepresentation'];
}

const folders = import.meta.glob<{ default: ResourceScreens }>('./*/index.ts', { eager: true });

const screensOf = (key: string): ResourceScreens | undefined => folders[`./${key}/index.ts`]?.default;

export const resourceScreens = Object.fromEntries(
    (Object.keys(resourceRoutes) as ResourceKey[]).map(key => {
        const screens = screensOf(key);
        if (!screens)
            throw new Error(`The resource "${key}" has no screens: src/resources/${key}/index.ts is missing.`);
        return [key, screens];
    }),
) as Record<ResourceKey, ResourceScreens>;
