import { ResourceContextProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import { statusListRouteNames } from '../../domain/routes';
import type { Status } from '../../domain/types';
import { NotFound } from '../../app/errors/NotFound';
import { StatusList } from './StatusList';

const isStatusList = (name: string | undefined): name is Status['name'] =>
    statusListRouteNames.some(known => known === name);

/** /settings/statuses/{name}: one status list; an unknown name is not a page. */
export const StatusListPage = () => {
    const { name } = useParams();
    if (!isStatusList(name)) return <NotFound />;
    return (
        <ResourceContextProvider value="statuses">
            <StatusList key={name} name={name} />
        </ResourceContextProvider>
    );
};
