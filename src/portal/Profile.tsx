import { useState, type ReactNode } from 'react';
import {
    Button,
    Card,
    CardContent,
    Divider,
    FormControlLabel,
    FormGroup,
    Stack,
    Switch,
    TextField,
    Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EventRepeat from '@mui/icons-material/EventRepeat';
import Telegram from '@mui/icons-material/Telegram';
import type { MeAnswer, Notify, NotifyKind } from '../domain/api/portal';
import { api } from './api';
import { groupedPhone } from '../domain/phones';
import { usePortal } from './context';
import { locales, useI18n } from './i18n';
import { errorText, Heading } from './parts';
import { useGo } from './router';

/*
 * The signed-in customer's own settings: the language, which messages come and by which channel,
 * Telegram, the calendar feed of their classes, and signing out here or everywhere.
 */

/**
 * The kinds of message a customer may turn off, in the order the page lists them. A membership's notice
 * before a charge, its declines and a new price always come (the page says so): the law asks that the
 * payer is told before a saved card is charged.
 */
const notifyKinds: NotifyKind[] = [
    'booked',
    'promoted',
    'seat_free',
    'reminder',
    'class_cancelled',
    'low_visits',
    'expiring',
    'payment',
    'penalty',
    'membership_ended',
    'card_expiring',
];

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
    <Card component="section" aria-label={title}>
        <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
                {title}
            </Typography>
            {children}
        </CardContent>
    </Card>
);

/** Opens a link in a new tab where the browser allows it, else here (a phone opens t.me in Telegram either way). */
const open = (url: string) => {
    const opened = window.open(url, '_blank');
    if (opened) opened.opener = null;
    else window.location.assign(url);
};

export const Profile = () => {
    const { setup, me, setMe, signOut, notify } = usePortal();
    const { t, locale, setLocale } = useI18n();
    const go = useGo();
    const [pending, setPending] = useState(false);
    if (!me) return null;
    const { customer } = me;
    const taken: Notify = customer.notify ?? { email: true, telegram: true, kinds: {} };

    /** Runs a change, saying why when it fails. */
    const run = async (change: () => Promise<void>) => {
        setPending(true);
        try {
            await change();
        } catch (error) {
            notify(errorText(t, error), 'error');
        } finally {
            setPending(false);
        }
    };

    const saveNotify = (notifyChange: Notify) => {
        const before: MeAnswer = me;
        setMe({ ...me, customer: { ...customer, notify: notifyChange } });
        void run(async () => {
            try {
                const { customer: saved } = await api.saveMe({ notify: notifyChange });
                setMe({ ...me, customer: saved });
                notify(t('app.portal.profile.saved'));
            } catch (error) {
                setMe(before);
                throw error;
            }
        });
    };

    const signedOut = () => {
        signOut();
        go('/', { replace: true });
    };

    const webcal = me.calendarUrl.replace(/^https?:/, 'webcal:');
    return (
        <>
            <Heading title={t('app.portal.profile.title')} studioName={setup.studioName} />
            <Stack spacing={2}>
                <Section title={`${customer.firstName} ${customer.lastName}`}>
                    <Typography color="text.secondary">
                        {t('app.portal.profile.phone')}:{' '}
                        {customer.phone ? groupedPhone(customer.phone) : t('app.portal.profile.none')}
                    </Typography>
                    <Typography color="text.secondary">
                        {t('app.portal.profile.email')}: {customer.email || t('app.portal.profile.none')}
                    </Typography>
                    <TextField
                        select
                        label={t('app.portal.language')}
                        value={locale}
                        onChange={event => setLocale(event.target.value === 'ru' ? 'ru' : 'en')}
                        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                        sx={{ mt: 2, maxWidth: 320 }}
                    >
                        {locales.map(option => (
                            <option key={option.locale} value={option.locale}>
                                {option.name}
                            </option>
                        ))}
                    </TextField>
                </Section>

                <Section title={t('app.portal.profile.notifications')}>
                    <Typography variant="subtitle2" color="text.secondary">
                        {t('app.portal.profile.channels')}
                    </Typography>
                    <FormGroup>
                        <FormControlLabel
                            control={
                                <Switch
                                    checked={taken.email}
                                    disabled={pending}
                                    onChange={event => saveNotify({ ...taken, email: event.target.checked })}
                                />
                            }
                            label={t('app.portal.profile.channel_email')}
                        />
                        {/* Telegram only where the studio has a bot. */}
                        {setup.telegramBot && (
                            <FormControlLabel
                                control={
                                    <Switch
                                        checked={taken.telegram}
                                        disabled={pending}
                                        onChange={event => saveNotify({ ...taken, telegram: event.target.checked })}
                                    />
                                }
                                label={t('app.portal.profile.channel_telegram')}
                            />
                        )}
                    </FormGroup>
                    <Divider sx={{ my: 1.5 }} />
                    <Typography variant="subtitle2" color="text.secondary">
                        {t('app.portal.profile.kinds_title')}
                    </Typography>
                    <FormGroup>
                        {notifyKinds.map(kind => (
                            <FormControlLabel
                                key={kind}
                                control={
                                    <Switch
                                        // A kind the customer never turned off comes.
                                        checked={taken.kinds[kind] !== false}
                                        disabled={pending}
                                        onChange={event =>
                                            saveNotify({
                                                ...taken,
                                                kinds: { ...taken.kinds, [kind]: event.target.checked },
                                            })
                                        }
                                    />
                                }
                                label={t(`app.portal.profile.kinds.${kind}`)}
                            />
                        ))}
                    </FormGroup>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        {t('app.portal.profile.codes_always')}
                    </Typography>
                </Section>

                {setup.telegramBot && (
                    <Section title={t('app.portal.profile.telegram')}>
                        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                            {t(
                                customer.telegramLinked
                                    ? 'app.portal.profile.telegram_linked'
                                    : 'app.portal.profile.telegram_not_linked',
                            )}
                        </Typography>
                        <Button
                            variant={customer.telegramLinked ? 'outlined' : 'contained'}
                            startIcon={<Telegram />}
                            disabled={pending}
                            onClick={() => void run(async () => open((await api.telegramLink()).url))}
                        >
                            {t(
                                customer.telegramLinked
                                    ? 'app.portal.profile.telegram_relink'
                                    : 'app.portal.profile.telegram_link',
                            )}
                        </Button>
                    </Section>
                )}

                <Section title={t('app.portal.profile.calendar')}>
                    <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                        {t('app.portal.profile.calendar_text')}
                    </Typography>
                    <TextField
                        label={t('app.portal.profile.calendar_address')}
                        value={me.calendarUrl}
                        size="small"
                        slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
                        onFocus={event => event.target.select()}
                    />
                    <Stack direction="row" gap={1} flexWrap="wrap" sx={{ mt: 1.5 }}>
                        <Button variant="contained" href={webcal} startIcon={<EventRepeat />}>
                            {t('app.portal.profile.calendar_subscribe')}
                        </Button>
                        <Button
                            variant="outlined"
                            startIcon={<ContentCopy />}
                            onClick={() =>
                                void run(async () => {
                                    await navigator.clipboard.writeText(me.calendarUrl);
                                    notify(t('app.portal.profile.calendar_copied'));
                                })
                            }
                        >
                            {t('app.portal.profile.calendar_copy')}
                        </Button>
                        <Button
                            color="inherit"
                            disabled={pending}
                            onClick={() =>
                                void run(async () => {
                                    const { calendarUrl } = await api.renewCalendar();
                                    setMe({ ...me, calendarUrl });
                                    notify(t('app.portal.profile.calendar_renewed'), 'info');
                                })
                            }
                        >
                            {t('app.portal.profile.calendar_renew')}
                        </Button>
                    </Stack>
                </Section>

                <Button variant="outlined" onClick={() => go('/privacy')}>
                    {t('app.portal.profile.privacy')}
                </Button>

                <Stack direction={{ xs: 'column', sm: 'row' }} gap={1.5} sx={{ pt: 1 }}>
                    <Button
                        variant="outlined"
                        size="large"
                        disabled={pending}
                        onClick={() => void run(async () => api.logout().finally(signedOut))}
                    >
                        {t('app.portal.profile.sign_out')}
                    </Button>
                    <Button
                        color="error"
                        size="large"
                        disabled={pending}
                        onClick={() => void run(async () => api.logoutEverywhere().then(signedOut))}
                    >
                        {t('app.portal.profile.sign_out_everywhere')}
                    </Button>
                </Stack>
            </Stack>
        </>
    );
};
