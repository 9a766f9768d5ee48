import { Button, List, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { Customer } from '../../domain/types';
import { Empty, Section } from '../customers/Section';
import { TaskRow } from './TaskRow';
import { useAssignee, type ListedTask } from './TaskFields';

/*
 * The customer's open tasks on their card, the earliest due first, each with whose it is and Done/Skip,
 * and "Make a task", which opens the task form with the customer filled in.
 */

const shown = 50;

export const CustomerTasks = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const assignee = useAssignee();
    const { canAccess: canList } = useCanAccess({ resource: 'tasks', action: 'list' });
    const { canAccess: canCreate } = useCanAccess({ resource: 'tasks', action: 'create' });
    const { data: tasks = [], total = 0 } = useGetList<ListedTask>(
        'tasks',
        {
            filter: { customerId: customer?.id, status: 'open' },
            sort: { field: 'dueAt', order: 'ASC' },
            pagination: { page: 1, perPage: shown },
        },
        { enabled: !!customer && !!canList },
    );
    if (!customer || !canList) return null;
    const now = new Date();
    return (
        <Section
            title="app.tasks.card.title"
            actions={
                canCreate && (
                    <Button
                        size="small"
                        component={RouterLink}
                        to="/tasks/create"
                        state={{ record: { customerId: customer.id } }}
                    >
                        {translate('app.tasks.card.make')}
                    </Button>
                )
            }
        >
            {tasks.length === 0 ? (
                <Empty text="app.tasks.card.none" />
            ) : (
                <List dense disablePadding data-testid="customer-tasks">
                    {tasks.map(task => (
                        <TaskRow
                            key={task.id}
                            task={task}
                            now={now}
                            details={` · ${translate(`app.tasks.kinds.${task.kind}`)} · ${assignee(task)}`}
                        />
                    ))}
                </List>
            )}
            {total > tasks.length && (
                <Typography variant="caption" color="text.secondary">
                    {translate('app.tasks.dashboard.more', { smart_count: total - tasks.length })}
                </Typography>
            )}
        </Section>
    );
};
