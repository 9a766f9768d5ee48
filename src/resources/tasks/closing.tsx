import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { ResourceContextProvider, TextInput, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { taskCloseSchema } from '../../domain/collections/tasks';
import type { Task } from '../../domain/tasks';
import { ActionDialog } from '../customers/ActionDialog';

/*
 * Done and Skip on an open task, each asking for a note in a dialog: POST /api/tasks/:id/done or /skip.
 * Sent as the data provider's create on that address, so that the app's provider and a test's carry it
 * alike; the dialog refreshes the screen once the server closed it.
 */

type Outcome = 'done' | 'skip';

const texts = {
    done: {
        action: 'app.tasks.close.done',
        title: 'app.tasks.close.title_done',
        notice: 'app.tasks.close.done_notice',
    },
    skip: {
        action: 'app.tasks.close.skip',
        title: 'app.tasks.close.title_skip',
        notice: 'app.tasks.close.skipped_notice',
    },
} as const;

const CloseButton = ({ task, outcome }: { task: Task; outcome: Outcome }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider();
    const [open, setOpen] = useState(false);
    const text = texts[outcome];
    return (
        <>
            <Button
                size="small"
                color={outcome === 'done' ? 'primary' : 'inherit'}
                onClick={event => {
                    // In a row that opens the task on click, the button acts alone.
                    event.stopPropagation();
                    setOpen(true);
                }}
            >
                {translate(text.action)}
            </Button>
            <ResourceContextProvider value="tasks">
                <ActionDialog
                    open={open}
                    onClose={() => setOpen(false)}
                    title={text.title}
                    submitLabel={text.action}
                    schema={taskCloseSchema}
                    defaultValues={{ note: task.note ?? '' }}
                    onSubmit={values =>
                        dataProvider.create(`tasks/${task.id}/${outcome}`, { data: { note: values.note ?? null } })
                    }
                    success={text.notice}
                >
                    <Typography variant="body2" sx={{ mb: 1 }}>
                        {task.title}
                    </Typography>
                    <TextInput
                        source="note"
                        multiline
                        minRows={2}
                        fullWidth
                        autoFocus
                        helperText="app.tasks.close.note_help"
                    />
                </ActionDialog>
            </ResourceContextProvider>
        </>
    );
};

/** Done and Skip for an open task (the record's, or the one given); nothing for a closed one. */
export const CloseButtons = ({ task: given }: { task?: Task; label?: string }) => {
    const record = useRecordContext<Task>();
    const task = given ?? record;
    if (!task || task.status !== 'open') return null;
    return (
        <Stack direction="row" spacing={0.5}>
            <CloseButton task={task} outcome="done" />
            <CloseButton task={task} outcome="skip" />
        </Stack>
    );
};
