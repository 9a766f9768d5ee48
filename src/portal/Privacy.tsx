import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import type { Consent } from '../domain/consents';
import type { PrivacyAnswer } from '../domain/api/consents';
import type { ErasureRequest } from '../domain/api/privacy';
import { api } from './api';
import { usePortal } from './context';
import { useI18n } from './i18n';
import { errorText, Failed, Heading, Loading, useLoad } from './parts';
import { PersonalData } from './PersonalData';

/*
 * What the customer agreed to, with the dates, and offers by message switched on or off in one tap: off
 * revokes the marketing consent in force, on gives a new one to the words shown beside the switch. The
 * studio's question "may we send you offers?" links here with ?offers=yes: the page then asks it first,
 * with the words and one Yes (or Not now, which leaves everything as it was). Below, the customer's own
 * data: a copy to download and the request to erase it.
 */

const day = (at: string, locale: string, timeZone: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(at));

export const Privacy = () => {
    const { setup, notify } = usePortal();
    const { t, locale } = useI18n();
    const loaded = useLoad('/consents', api.privacy);
    const [shown, setShown] = useState<PrivacyAnswer>();
    const [erasureAsked, setErasureAsked] = useState<ErasureRequest>();
    const [pending, setPending] = useState(false);
    const [search, setSearch] = useSearchParams();
    const privacy = shown ?? loaded.data;
    if (loaded.error && !privacy) return <Failed error={loaded.error} onRetry={loaded.reload} />;
    if (!privacy) return <Loading />;
    const when = (at: string) => day(at, locale, setup.timezone);
    const erasure = erasureAsked ?? privacy.erasureRequest;
    const takesOffers = privacy.consents.some(consent => consent.kind === 'marketing' && !consent.revokedAt);

    /** Gives or revokes offers; answers whether it was done (a failure is said, and changes nothing). */
    const toggle = async (on: boolean) => {
        setPending(true);
        try {
            setShown(await (on ? api.giveMarketing() : api.revokeMarketing()));
            notify(t(on ? 'app.portal.privacy.offers_on' : 'app.portal.privacy.offers_off'));
            return true;
        } catch (error) {
            notify(errorText(t, error), 'error');
            return false;
        } finally {
            setPending(false);
        }
    };

    // Answered either way, the question goes from the address too: going back does not ask it again.
    const answered = () => setSearch({}, { replace: true });
    const asked = search.get('offers') === 'yes' && !takesOffers;

    const line = (consent: Consent) =>
        consent.revokedAt
            ? t('app.portal.privacy.given_revoked', { given: when(consent.at), revoked: when(consent.revokedAt) })
            : t('app.portal.privacy.given', { given: when(consent.at) });

    return (
        <Stack spacing={2}>
            <Heading title={t('app.portal.privacy.title')} studioName={setup.studioName} />
            {asked && (
                <Card component="section" aria-label={t('app.portal.privacy.ask')} variant="outlined">
                    <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                        <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
                            {t('app.portal.privacy.ask')}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                            {privacy.marketingText}
                        </Typography>
                        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                            <Button
                                variant="contained"
                                disabled={pending}
                                onClick={() => void toggle(true).then(done => done && answered())}
                            >
                                {t('app.portal.privacy.ask_yes')}
                            </Button>
                            <Button disabled={pending} onClick={answered}>
                                {t('app.portal.privacy.ask_no')}
                            </Button>
                        </Stack>
                    </CardContent>
                </Card>
            )}
            <Card component="section" aria-label={t('app.portal.privacy.offers')}>
                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                    <FormControlLabel
                        control={
                            <Switch
                                checked={takesOffers}
                                disabled={pending}
                                onChange={event => void toggle(event.target.checked)}
                            />
                        }
                        label={t('app.portal.privacy.offers')}
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        {privacy.marketingText}
                    </Typography>
                </CardContent>
            </Card>
            <Card component="section" aria-label={t('app.portal.privacy.consents')}>
                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                    <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
                        {t('app.portal.privacy.consents')}
                    </Typography>
                    {privacy.consents.length === 0 && (
                        <Typography color="text.secondary">{t('app.portal.privacy.none')}</Typography>
                    )}
                    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                        {privacy.consents.map(consent => (
                            <li key={consent.id}>
                                <Typography sx={{ fontWeight: 500 }}>
                                    {t(`app.portal.privacy.kinds.${consent.kind}`)}
                                </Typography>
                                <Typography variant="body2" color="text.secondary">
                                    {line(consent)}
                                </Typography>
                            </li>
                        ))}
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                        {t('app.portal.privacy.personal_data_note')}
                    </Typography>
                </CardContent>
            </Card>
            <PersonalData erasure={erasure} onErasureAsked={setErasureAsked} when={when} />
        </Stack>
    );
};
