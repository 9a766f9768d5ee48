import { DataTable, Pagination, ReferenceManyField, useCanAccess } from 'react-admin';
import type { AuditEntry } from '../../domain/types';
import { Empty, scrollableTable, Section } from '../customers/Section';
import { AuditNames } from './AuditFields';
import { AuditColumns } from './HistoryList';

/**
 * The History panel of a customer, a pass or a class: every change to the record and to what belongs to
 * it (a customer's passes and payments, a class's marks), newest first. Only for those who may read the
 * trail; shown inside the record's context.
 */
export const RecordHistory = ({
    target,
    title = 'app.history.title',
}: {
    target: 'customerId' | 'passId' | 'eventId';
    title?: string;
}) => {
    const { canAccess } = useCanAccess({ resource: 'history', action: 'list' });
    if (!canAccess) return null;
    return (
        <Section title={title}>
            <ReferenceManyField
                reference="history"
                target={target}
                sort={{ field: 'id', order: 'DESC' }}
                perPage={10}
                pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
            >
                <AuditNames>
                    <DataTable<AuditEntry>
                        sx={scrollableTable}
                        bulkActionButtons={false}
                        rowClick={false}
                        empty={<Empty text="app.history.empty" />}
                    >
                        <AuditColumns />
                    </DataTable>
                </AuditNames>
            </ReferenceManyField>
        </Section>
    );
};
