import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
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

/** On a phone the columns would run off the screen: who and what stacked in one cell, the state and its button in another. */
const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** Every message to customers, newest first: a row opens to its text; a failed one is sent again from here, a skipped one says why not. */
export const MessageList = () => {
    const phone = usePhone();
    return (
        <List<Message> title="app.menu.messages" filters={filters} sort={{ field: 'id', order: 'DESC' }}>
            <DataTable<Message> bulkActionButtons={false} rowClick="expand" expand={<MessageText />}>
                {phone ? (
                    <DataTable.Col source="customerId">
                        <Stack>
                            <ReferenceField source="customerId" reference="customers" />
                            <TranslatedField source="kind" prefix="app.messages.kinds" />
                            <Typography variant="caption" color="text.secondary">
                                <DateTimeField source="sendAt" />
                            </Typography>
                        </Stack>
                    </DataTable.Col>
                ) : (
                    <DataTable.Col source="sendAt">
                        <DateTimeField source="sendAt" />
                    </DataTable.Col>
                )}
                {!phone && (
                    <DataTable.Col source="customerId">
                        <ReferenceField source="customerId" reference="customers" />
                    </DataTable.Col>
                )}
                {!phone && (
                    <DataTable.Col source="kind">
                        <TranslatedField source="kind" prefix="app.messages.kinds" />
                    </DataTable.Col>
                )}
                {!phone && (
                    <DataTable.Col source="channel">
                        <TranslatedField source="channel" prefix="app.messages.channels" />
                    </DataTable.Col>
                )}
                <DataTable.Col source="status">
                    <Stack alignItems="flex-start" spacing={0.5}>
                        <MessageStatus />
                        {phone && <ResendButton />}
                    </Stack>
                </DataTable.Col>
                {!phone && <DataTable.Col source="subject" field={TextField} />}
                {!phone && (
                    <DataTable.Col label={false}>
                        <ResendButton />
                    </DataTable.Col>
                )}
            </DataTable>
        </List>
    );
};
