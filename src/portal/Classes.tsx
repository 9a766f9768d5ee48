import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, IconButton, Stack, TextField, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { addDays, studioToday } from '../domain/time';
import type { Named, PortalClass } from '../domain/api/portal';
import { api, ApiError, hasClass, type ClassBooking } from './api';
import { CancelDialog, hasStarted } from './CancelDialog';
import { usePortal } from './context';
import { formatDay, formatShortDay, formatTime, formatTimes } from './format';
import { ordinal, useI18n } from './i18n';
import { Direction, Empty, errorText, Failed, Heading, Loading, useLoad } from './parts';
import { useGo } from './router';

/*
 * The classes one can book, a week at a time from today, by day: each with its time, teacher, hall and
 * seats, and what one can do: book, join the line when it is full, or see one's seat or place in line
 * and cancel it until the class starts. Refusals are said in words, with the way out (a plan to buy, the line to join).
 */

type FilterKey = 'directionId' | 'teacherId' | 'studioId';
const filterInputs: { key: FilterKey; label: string; list: 'directions' | 'teachers' | 'halls' }[] = [
    { key: 'directionId', label: 'app.portal.classes.filters.direction', list: 'directions' },
    { key: 'teacherId', label: 'app.portal.classes.filters.teacher', list: 'teachers' },
    { key: 'studioId', label: 'app.portal.classes.filters.hall', list: 'halls' },
];

/** The seats in words: "3 seats left", "Full · 2 in line". */
const seatsText = (t: ReturnType<typeof useI18n>['t'], item: PortalClass) =>
    item.free > 0
        ? t('app.portal.classes.seats_left', { smart_count: item.free })
        : item.waitlisted > 0
          ? t('app.portal.classes.full_line', { smart_count: item.waitlisted })
          : t('app.portal.classes.full');

/** A class with what one can do in it. */
const ClassCard = ({ item, onChanged }: { item: PortalClass; onChanged: () => void }) => {
    const { actingId, notify, setup } = usePortal();
    const { t, locale } = useI18n();
    const go = useGo();
    const [pending, setPending] = useState(false);
    const [refusal, setRefusal] = useState<unknown>();
    const [cancelling, setCancelling] = useState<ClassBooking>();
    const where = [item.teacherName, item.hallName].filter(Boolean).join(' · ');
    const code = refusal instanceof ApiError ? refusal.errors.eventId : undefined;

    const book = async (waitlist: boolean) => {
        setPending(true);
        setRefusal(undefined);
        try {
            const { booking } = await api.book(item.id, actingId, waitlist);
            notify(
                booking.status === 'waitlisted'
                    ? t('app.portal.classes.done_line', { position: ordinal(t, locale, booking.position ?? 1) })
                    : t('app.portal.classes.done_booked', { title: item.title }),
            );
            onChanged();
        } catch (failure) {
            setRefusal(failure);
        } finally {
            setPending(false);
        }
    };

    const booking = item.booking && hasClass(item.booking) ? item.booking : null;
    const state =
        booking?.status === 'booked' ? (
            <Chip color="success" label={t('app.portal.classes.booked')} />
        ) : booking?.status === 'waitlisted' ? (
            <Chip
                color="warning"
                label={t('app.portal.classes.in_line', { position: ordinal(t, locale, booking.position ?? 1) })}
            />
        ) : item.refusal ? (
            <Typography variant="body2" color="text.secondary">
                {t(`app.portal.classes.${item.refusal}`)}
            </Typography>
        ) : null;
    // A booking is cancelled until its class starts: then its mark says what happened.
    const action = booking ? (
        hasStarted(item.startsAt, setup.timezone) ? (
            <Typography variant="body2" color="text.secondary">
                {t('app.portal.cancel.started')}
            </Typography>
        ) : (
            <Button variant="outlined" color="inherit" onClick={() => setCancelling(booking)}>
                {t('app.portal.cancel.action')}
            </Button>
        )
    ) : item.refusal ? null : (
        <Button
            variant={item.free > 0 ? 'contained' : 'outlined'}
            disabled={pending}
            onClick={() => void book(item.free <= 0)}
        >
            {t(item.free > 0 ? 'app.portal.classes.book' : 'app.portal.classes.join_line')}
        </Button>
    );
    const wayOut =
        code === 'full' ? (
            <Button color="inherit" size="small" disabled={pending} onClick={() => void book(true)}>
                {t('app.portal.classes.join_line')}
            </Button>
        ) : code === 'no_pass' ? (
            <Button color="inherit" size="small" onClick={() => go('/plans')}>
                {t('app.portal.refusals.see_plans')}
            </Button>
        ) : code === 'no_channel' ? (
            <Button color="inherit" size="small" onClick={() => go('/profile')}>
                {t('app.portal.refusals.open_profile')}
            </Button>
        ) : undefined;

    return (
        <Card
            component="article"
            // Named with its day: a weekly class has the same title and time on other days of the week.
            aria-label={`${item.title}, ${formatDay(item.startsAt, locale)}, ${formatTimes(item.startsAt, item.endsAt, locale)}`}
        >
            <CardContent sx={{ display: 'flex', gap: 2, '&:last-child': { pb: 2 } }}>
                <Box sx={{ minWidth: 64 }}>
                    <Typography sx={{ fontWeight: 700 }}>{formatTime(item.startsAt, locale)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                        {formatTime(item.endsAt, locale)}
                    </Typography>
                </Box>
                <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
                    <Direction name={item.directionName} title={item.title} />
                    <Typography component="h3" sx={{ fontWeight: 600 }}>
                        {item.title}
                    </Typography>
                    {where && (
                        <Typography variant="body2" color="text.secondary">
                            {where}
                        </Typography>
                    )}
                    <Stack direction="row" alignItems="flex-end" justifyContent="space-between" flexWrap="wrap" gap={1}>
                        <Stack spacing={1} alignItems="flex-start">
                            <Typography
                                variant="body2"
                                color={item.free > 0 ? 'text.secondary' : 'text.primary'}
                                sx={{ fontWeight: item.free > 0 ? 400 : 600 }}
                            >
                                {seatsText(t, item)}
                            </Typography>
                            {state}
                        </Stack>
                        {action}
                    </Stack>
                    {refusal !== undefined && (
                        // The way out under the words: beside them it would squeeze them on a phone.
                        <Alert severity={code === 'full' ? 'info' : 'warning'} sx={{ mt: 1 }}>
                            {errorText(t, refusal, 'eventId', 'app.portal.refusals')}
                            {wayOut && <Box sx={{ mt: 1 }}>{wayOut}</Box>}
                        </Alert>
                    )}
                </Stack>
            </CardContent>
            {cancelling && (
                <CancelDialog
                    booking={cancelling}
                    onClose={() => setCancelling(undefined)}
                    onCancelled={() => {
                        setCancelling(undefined);
                        onChanged();
                    }}
                />
            )}
        </Card>
    );
};

export const Classes = () => {
    const { setup, actingId } = usePortal();
    const { t, locale } = useI18n();
    const today = studioToday(setup.timezone, new Date());
    const [week, setWeek] = useState(0);
    const from = addDays(today, week * 7);
    const to = addDays(from, 6);
    const classes = useLoad(`${from} ${to} ${actingId ?? ''}`, () => api.classes(from, to, actingId));
    const [filters, setFilters] = useState<Record<FilterKey, string>>({ directionId: '', teacherId: '', studioId: '' });

    const shown = (classes.data?.classes ?? []).filter(item =>
        filterInputs.every(({ key }) => !filters[key] || String(item[key]) === filters[key]),
    );
    const days = [...new Set(shown.map(item => item.startsAt.slice(0, 10)))];
    const dayTitle = (day: string) =>
        day === today
            ? `${t('app.portal.classes.today')}, ${formatDay(day, locale)}`
            : day === addDays(today, 1)
              ? `${t('app.portal.classes.tomorrow')}, ${formatDay(day, locale)}`
              : formatDay(day, locale);
    const filtered = filterInputs.some(({ key }) => filters[key]);

    return (
        <>
            <Heading title={t('app.portal.classes.title')} studioName={setup.studioName} />
            <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
                <IconButton
                    aria-label={t('app.portal.classes.previous')}
                    disabled={week === 0}
                    onClick={() => setWeek(week - 1)}
                >
                    <ChevronLeft />
                </IconButton>
                <Typography sx={{ fontWeight: 600 }} aria-live="polite">
                    {formatShortDay(from, locale)} – {formatShortDay(to, locale)}
                </Typography>
                <IconButton aria-label={t('app.portal.classes.next')} onClick={() => setWeek(week + 1)}>
                    <ChevronRight />
                </IconButton>
            </Stack>
            {classes.data && (
                <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
                    {filterInputs
                        // A filter with one choice filters nothing.
                        .filter(({ key, list }) => (classes.data?.[list].length ?? 0) > 1 || filters[key])
                        .map(({ key, label, list }) => (
                            <TextField
                                key={key}
                                select
                                size="small"
                                label={t(label)}
                                value={filters[key]}
                                onChange={event => setFilters({ ...filters, [key]: event.target.value })}
                                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                                sx={{ flex: 1, minWidth: 0 }}
                            >
                                <option value="">{t('app.portal.classes.filters.all')}</option>
                                {(classes.data?.[list] ?? []).map((option: Named) => (
                                    <option key={option.id} value={String(option.id)}>
                                        {option.name}
                                    </option>
                                ))}
                            </TextField>
                        ))}
                </Stack>
            )}
            {classes.error !== undefined ? (
                <Failed error={classes.error} onRetry={classes.reload} />
            ) : !classes.data ? (
                <Loading />
            ) : days.length === 0 ? (
                <Empty text={t(filtered ? 'app.portal.classes.none_filtered' : 'app.portal.classes.none')}>
                    {filtered && (
                        <Button onClick={() => setFilters({ directionId: '', teacherId: '', studioId: '' })}>
                            {t('app.portal.classes.clear_filters')}
                        </Button>
                    )}
                </Empty>
            ) : (
                <Stack spacing={3}>
                    {days.map(day => (
                        <Box component="section" key={day} aria-label={dayTitle(day)}>
                            <Typography
                                variant="subtitle1"
                                component="h2"
                                sx={{ fontWeight: 700, mb: 1, '&::first-letter': { textTransform: 'uppercase' } }}
                            >
                                {dayTitle(day)}
                            </Typography>
                            <Stack spacing={1.5}>
                                {shown
                                    .filter(item => item.startsAt.startsWith(day))
                                    .map(item => (
                                        <ClassCard key={item.id} item={item} onChanged={classes.reload} />
                                    ))}
                            </Stack>
                        </Box>
                    ))}
                </Stack>
            )}
        </>
    );
};
