import { Button, Grid, List, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { TaskRow } from '../../resources/tasks/TaskRow';
import { TaskCustomer, type ListedTask } from '../../resources/tasks/TaskFields';
import { Empty, Panel } from './Panel';

/*
 * The dashboard's "My tasks", for every role: the open tasks given to me or to my role's queue, the
 * overdue first and then by when they are due (the earliest due is the most overdue), each with its
 * customer, Done and Skip, and a way to the whole list.
 */

const shown = 10;
const listAddress = `/tasks?filter=${encodeURIComponent(JSON.stringify({ mine: true, status: 'open' }))}`;

export const MyTasksPanel = () => {
    const translate = useTranslate();
    const { canAccess } = useCanAccess({ resource: 'tasks', action: 'list' });
    const { data: tasks = [], total = 0 } = useGetList<ListedTask>(
        'tasks',
        {
            filter: { mine: true, status: 'open' },
            sort: { field: 'dueAt', order: 'ASC' },
            pagination: { page: 1, perPage: shown },
        },
        { enabled: !!canAccess },
    );
    if (!canAccess) return null;
    const now = new Date();

    return (
        <Grid size={{ xs: 12, lg: 6 }}>
            <Panel
                title={`${translate('app.tasks.dashboard.title')}: ${total}`}
                subheader={translate('app.tasks.dashboard.hint')}
            >
                {tasks.length === 0 ? (
                    <Empty text={translate('app.tasks.dashboard.none')} />
                ) : (
                    <List dense disablePadding sx={{ maxHeight: 420, overflow: 'auto' }} data-testid="my-tasks">
                        {tasks.map(task => (
                            <TaskRow
                                key={task.id}
                                task={task}
                                now={now}
                                details={
                                    <>
                                        {task.customerId != null && ' · '}
                                        <TaskCustomer task={task} />
                                    </>
                                }
                            />
                        ))}
                    </List>
                )}
                {total > tasks.length && (
                    <Typography variant="caption" color="text.secondary" component="p">
                        {translate('app.tasks.dashboard.more', { smart_count: total - tasks.length })}
                    </Typography>
                )}
                <Button size="small" component={RouterLink} to={listAddress} sx={{ mt: 1 }}>
                    {translate('app.tasks.dashboard.all')}
                </Button>
            </Panel>
        </Grid>
    );
};
