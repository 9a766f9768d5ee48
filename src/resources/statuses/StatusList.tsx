import { useState } from 'react';
import { Chip } from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { BooleanField, Button, DataTable, List, TopToolbar, useRecordContext } from 'react-admin';
import type { Status } from '../../domain/types';
import { ColorField } from '../common/ColorField';
import { useStatusLabel } from '../common/statuses';
import { StatusDialog } from './StatusDialog';
import { StatusRowActions } from './StatusRowActions';
import { DefaultToggle, MoveButtons } from './StatusOrder';

/** A status as it shows elsewhere: its label on its colour. */
const StatusLabel = (_props: { label?: string }) => {
    const status = useRecordContext<Status>();
    const labelOf = useStatusLabel();
    if (!status) return null;
    return (
        <Chip
            size="small"
            label={labelOf(status)}
            sx={{ bgcolor: status.color, color: theme => theme.palette.getContrastText(status.color) }}
        />
    );
};

/**
 * One status list (customer statuses or attendance marks), in its order: move a status up or down
 * (saved for the whole list in one request), make one the default, add, edit, delete.
 */
export const StatusList = ({ name }: { name: Status['name'] }) => {
    const [editing, setEditing] = useState<Status | 'new' | null>(null);
    return (
        <List<Status>
            title={`app.menu.${name}_statuses`}
            filter={{ name }}
            sort={{ field: 'order', order: 'ASC' }}
            disableSyncWithLocation
            storeKey={`statuses.${name}`}
            perPage={100}
            pagination={false}
            actions={
                <TopToolbar>
                    <Button label="app.settings.add_status" onClick={() => setEditing('new')}>
                        <AddOutlined />
                    </Button>
                </TopToolbar>
            }
        >
            <DataTable<Status> bulkActionButtons={false} rowClick={false} sort={{ field: 'order', order: 'ASC' }}>
                <DataTable.Col source="order" disableSort>
                    <MoveButtons name={name} />
                </DataTable.Col>
                <DataTable.Col source="label" disableSort>
                    <StatusLabel />
                </DataTable.Col>
                <DataTable.Col source="code" disableSort />
                <DataTable.Col source="color" disableSort>
                    <ColorField source="color" />
                </DataTable.Col>
                <DataTable.Col source="isDefault" disableSort>
                    <DefaultToggle />
                </DataTable.Col>
                {name === 'attendance' && <DataTable.Col source="charges" field={BooleanField} disableSort />}
                <DataTable.Col label="" disableSort align="right">
                    <StatusRowActions onEdit={setEditing} />
                </DataTable.Col>
            </DataTable>
            {editing && (
                <StatusDialog
                    name={name}
                    status={editing === 'new' ? undefined : editing}
                    onClose={() => setEditing(null)}
                />
            )}
        </List>
    );
};
