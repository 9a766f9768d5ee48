import { Alert, Box, Button, Card, CardContent, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useDataProvider, useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { addDays } from '../../domain/time';
import type { Schedule } from '../../domain/types';
import { skipReason, skipWhen } from './skips';
import { useStudioToday } from '../../app/studio';

/** Generates the group's classes for a chosen period and shows what was added and what was skipped. */
export const GenerateEvents = () => {
    const schedule = useRecordContext<Schedule>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const notify = useNotify();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const today = useStudioToday();
    const [from, setFrom] = useState(today);
    const [to, setTo] = useState(addDays(today, 27));
    const generate = useMutation({
        mutationFn: () => dataProvider.generateEvents({ id: schedule?.id as number, from, to }),
        onError: (error: Error) => notify(error.message, { type: 'error' }),
    });
    if (!schedule) return null;
    const result = generate.data;
    return (
        <Card variant="outlined" sx={{ mt: 2 }}>
            <CardContent>
                <Typography variant="h6" gutterBottom>
                    {translate('app.timetable.generate.title')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center">
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
                    <Button component={Link} to={`/reports/attendances/${schedule.id}`}>
                        {translate('app.timetable.journal.open')}
                    </Button>
                </Stack>
                {result && (
                    <Box mt={2} role="status">
                        <Alert severity={result.created ? 'success' : 'info'}>
                            {translate('app.timetable.generate.created', { smart_count: result.created })}
                            {result.skipped.length > 0 &&
                                ` ${translate('app.timetable.generate.skipped', { smart_count: result.skipped.length })}`}
                        </Alert>
                        <List dense>
                            {result.skipped
                                .filter(skip => skip.reason !== 'exists')
                                .map(skip => (
                                    <ListItem key={`${skip.date}T${skip.startTime}`}>
                                        {skipWhen(skip, locale)}: {skipReason(translate, skip)}{' '}
                                        {skip.eventId && <Link to={`/events/${skip.eventId}`}>#{skip.eventId}</Link>}
                                    </ListItem>
                                ))}
                        </List>
                    </Box>
                )}
            </CardContent>
        </Card>
    );
};
