import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { readSession } from './session';

/** Settings resources live under /settings/... in the browser and at /api/<collection> on the server. */
export const apiCollection = (resource: string) => resource.replace(/^settings\//, '');

export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    const session = readSession();
    if (session) headers.set('Authorization', `Bearer ${session.token}`);
    return fetchUtils.fetchJson(url, { ...options, headers });
};

const rest = simpleRestProvider('/api', httpClient);

const methods = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;

export const dataProvider = Object.fromEntries(
    methods.map(method => [method, (resource: string, params: never) => (rest[method] as (r: string, p: never) => Promise<unknown>)(apiCollection(resource), params)]),
) as unknown as DataProvider;
