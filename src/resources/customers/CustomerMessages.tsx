import { DataTable, ReferenceManyField, useCanAccess } from 'react-admin';
import type { Message } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { TranslatedField } from '../common/TranslatedField';
import { MessageStatus, MessageText, ResendButton } from '../messages/MessageFields';
import { Empty, scrollableTable, Section } from './Section';

/** The customer's messages, newest first: a row opens to its text, and a failed one is sent again from here. */
export const CustomerMessages = () => {
    const { canAccess } = useCanAccess({ resource: 'messages', action: 'list' });
    if (!canAccess) return null;
    return (
        <Section title="app.messages.title">
            <ReferenceManyField
                reference="messages"
                target="customerId"
                sort={{ field: 'id', order: 'DESC' }}
                perPage={10}
            >
                <DataTable<Message>
                    sx={scrollableTable}
                    bulkActionButtons={false}
                    rowClick="expand"
                    expand={<MessageText />}
                    empty={<Empty text="app.messages.none" />}
                >
                    <DataTable.Col source="sendAt">
                        <DateTimeField source="sendAt" />
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
                    <DataTable.Col label={false}>
                        <ResendButton />
                    </DataTable.Col>
                </DataTable>
            </ReferenceManyField>
        </Section>
    );
};
