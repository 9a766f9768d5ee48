import {
    AutocompleteInput,
    DataTable,
    List,
    ReferenceField,
    ReferenceInput,
    SelectInput,
    TextField,
} from 'react-admin';
import { messageChannels, messageKinds, messageStatuses } from '../../domain/schemas';
import type { Message } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { TranslatedField, translatedChoices } from '../common/TranslatedField';
import { MessageStatus, MessageText, ResendButton } from './MessageFields';

/** Status, kind, channel and customer, as the server filters them. */
const filters = [
    <SelectInput
        key="status"
        source="status"
        choices={translatedChoices(messageStatuses, 'app.messages.statuses')}
        alwaysOn
    />,
    <SelectInput key="kind" source="kind" choices={translatedChoices(messageKinds, 'app.messages.kinds')} />,
    <SelectInput
        key="channel"
        source="channel"
        choices={translatedChoices(messageChannels, 'app.messages.channels')}
    />,
    <ReferenceInput key="customer" source="customerId" reference="customers">
        <AutocompleteInput filterToQuery={q => ({ q })} />
    </ReferenceInput>,
];

/** Every message to customers, newest first: a row opens to its text; a failed or skipped one is sent again from here. */
export const MessageList = () => (
    <List<Message> title="app.menu.messages" filters={filters} sort={{ field: 'id', order: 'DESC' }}>
        <DataTable<Message> bulkActionButtons={false} rowClick="expand" expand={<MessageText />}>
            <DataTable.Col source="sendAt">
                <DateTimeField source="sendAt" />
            </DataTable.Col>
            <DataTable.Col source="customerId">
                <ReferenceField source="customerId" reference="customers" />
            </DataTable.Col>
            <DataTable.Col source="kind">
                <TranslatedField source="kind" prefix="app.messages.kinds" />
            </DataTable.Col>
            <DataTable.Col source="channel">
                <TranslatedField source="channel" prefix="app.messages.channels" />
            </DataTable.Col>
            <DataTable.Col source="status">
                <MessageStatus />
            </DataTable.Col>
            <DataTable.Col source="subject" field={TextField} />
            <DataTable.Col label={false}>
                <ResendButton />
            </DataTable.Col>
        </DataTable>
    </List>
);
