import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = ComponentType<object>;

/**
 * A named screen of a module that is fetched when the screen is first rendered: each screen is its
 * own chunk, so the sign-in page and the first screen load only what they show. Rendered inside
 * react-admin's layout, whose Suspense shows the loading indicator meanwhile.
 */
export const lazyComponent = <M extends Record<K, Screen>, K extends keyof M>(
    load: () => Promise<M>,
    name: K,
): LazyExoticComponent<Screen> => lazy(async () => ({ default: (await load())[name] }));
