import { BooleanField, DataTable, List, ResourceContextProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import { statusListRouteNames } from '../../domain/routes';
import type { Status } from '../../domain/types';
import { NotFound } from '../../pages/errors/NotFound';
import { ColorField } from '../common/ColorField';

const isStatusList = (name: string | undefined): name is Status['name'] => statusListRouteNames.some(known => known === name);

/** /settings/statuses/{name}: one status list; an unknown name is not a page. */
export const StatusListPage = () => {
    const { name } = useParams();
    if (!isStatusList(name)) return <NotFound />;
    return (
        <ResourceContextProvider value="statuses">
            <List<Status>
                key={name}
                title={`app.menu.${name}_statuses`}
                filter={{ name }}
                sort={{ field: 'order', order: 'ASC' }}
                disableSyncWithLocation
                storeKey={`statuses.${name}`}
                perPage={100}
                pagination={false}
                actions={false}
            >
                <DataTable<Status> bulkActionButtons={false}>
                    <DataTable.NumberCol source="order" />
                    <DataTable.Col source="label" />
                    <DataTable.Col source="code" />
                    <DataTable.Col source="color" disableSort>
                        <ColorField source="color" />
                    </DataTable.Col>
                    <DataTable.Col source="isDefault" field={BooleanField} />
                    {name === 'attendance' && <DataTable.Col source="charges" field={BooleanField} />}
                </DataTable>
            </List>
        </ResourceContextProvider>
    );
};
