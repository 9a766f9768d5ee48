import {
    Alert,
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    List,
    ListItem,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useCanAccess, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { addDays } from '../../domain/time';
import type { GroupGeneration } from '../../domain/api';
import { refusalMessage } from '../common/conflicts';
import { skipReason, skipWhen } from './skips';
import { useStudioToday } from '../../app/studio';

/** One group's line of the result: what was added, and each slot skipped with its reason in words. */
const GroupResult = ({ group }: { group: GroupGeneration }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    return (
        <TableRow data-testid="generation-group">
            <TableCell>
                <Link to={`/schedules/${group.scheduleId}`}>{group.title ?? `#${group.scheduleId}`}</Link>
            </TableCell>
            <TableCell align="right">{group.created}</TableCell>
            <TableCell>
                {group.skipped.length > 0 && (
                    <List dense disablePadding>
                        {group.skipped.map(skip => (
                            <ListItem key={`${skip.date}T${skip.startTime}`} disableGutters>
                                {skipWhen(skip, locale)}: {skipReason(translate, skip)}
                            </ListItem>
                        ))}
                    </List>
                )}
            </TableCell>
        </TableRow>
    );
};

/**
 * The Schedules list's button that generates the classes of every active group for a period at once,
 * and shows each group's result: classes already there are kept, clashes are named.
 */
export const GenerateAllButton = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { canAccess } = useCanAccess({ resource: 'events', action: 'create' });
    const today = useStudioToday();
    const [open, setOpen] = useState(false);
    const [from, setFrom] = useState(today);
    const [to, setTo] = useState(addDays(today, 27));
    const generate = useMutation({
        mutationFn: () => dataProvider.generateAllEvents({ from, to }),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
        onError: (error: Error) => notify(refusalMessage(translate, error), { type: 'error' }),
    });
    if (!canAccess) return null;
    const result = generate.data;
    const close = () => {
        setOpen(false);
        generate.reset();
    };
    return (
        <>
            <Button size="small" startIcon={<EventRepeatOutlined />} onClick={() => setOpen(true)}>
                {translate('app.timetable.generate.all.button')}
            </Button>
            <Dialog open={open} onClose={close} maxWidth="md" fullWidth>
                <DialogTitle>{translate('app.timetable.generate.all.title')}</DialogTitle>
                <DialogContent>
                    <Typography color="text.secondary" gutterBottom>
                        {translate('app.timetable.generate.all.intro')}
                    </Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center" mt={2}>
                        <TextField
                            type="date"
                            label={translate('app.filters.from')}
                            value={from}
                            onChange={event => setFrom(event.target.value)}
                            size="small"
                            slotProps={{ inputLabel: { shrink: true } }}
                        />
                        <TextField
                            type="date"
                            label={translate('app.filters.to')}
                            value={to}
                            onChange={event => setTo(event.target.value)}
                            size="small"
                            slotProps={{ inputLabel: { shrink: true } }}
                        />
                        <Button
                            variant="contained"
                            onClick={() => generate.mutate()}
                            disabled={generate.isPending || !from || !to}
                        >
                            {translate('app.timetable.generate.button')}
                        </Button>
                    </Stack>
                    {result && (
                        <Box mt={2} role="status">
                            <Alert severity={result.created ? 'success' : 'info'}>
                                {translate('app.timetable.generate.all.total', { smart_count: result.created })}
                            </Alert>
                            {result.groups.length ? (
                                <Table size="small">
                                    <TableHead>
                                        <TableRow>
                                            <TableCell>{translate('app.timetable.generate.all.group')}</TableCell>
                                            <TableCell align="right">
                                                {translate('app.timetable.generate.all.added')}
                                            </TableCell>
                                            <TableCell>{translate('app.timetable.generate.all.skipped')}</TableCell>
                                        </TableRow>
                                    </TableHead>
                                    <TableBody>
                                        {result.groups.map(group => (
                                            <GroupResult key={group.scheduleId} group={group} />
                                        ))}
                                    </TableBody>
                                </Table>
                            ) : (
                                <Alert severity="info">{translate('app.timetable.generate.all.none')}</Alert>
                            )}
                        </Box>
                    )}
                </DialogContent>
                <DialogActions>
                    <Button onClick={close}>{translate('app.timetable.generate.all.close')}</Button>
                </DialogActions>
            </Dialog>
        </>
    );
};
