import { Alert, Box, InputAdornment, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
    BooleanInput,
    NumberInput,
    RadioButtonGroupInput,
    useLocaleState,
    useRecordContext,
    useTranslate,
    type TranslateFunction,
} from 'react-admin';
import { useStudioConfig } from '../../app/studio';
import { penaltyRuleKinds } from '../../domain/schemas';
import type { Config, Subscription } from '../../domain/types';
import { moneyFormatter } from '../../app/i18n/numbers';

/*
 * A plan's attendance rules: the form's choices of what a late cancel and a no-show cost and whether
 * excused absences give make-ups, and the same rules in words, as staff would tell a customer, under
 * the choices while they are made and on the plan's page.
 */

type Rules = Partial<Pick<Subscription, 'lateCancelHours' | 'lateCancelPenalty' | 'noShowPenalty' | 'makeUps'>>;
type Studio = Pick<Config, 'currency' | 'lateCancelHours' | 'penaltyDelayHours'> | undefined;

// What the server applies to a studio whose settings predate these fields.
const defaultLateCancelHours = 12;
const defaultPenaltyDelayHours = 24;

/** The sentences of a plan's rules, in the interface's language. */
const penaltySummary = (plan: Rules, studio: Studio, translate: TranslateFunction, locale: string): string[] => {
    const money = moneyFormatter(locale, studio?.currency ?? 'RUB');
    const amountOf = (amount: number | null | undefined) =>
        amount != null && amount > 0 ? money.format(amount) : translate('app.penalties.summary.fee_unset');
    // The plan's own window when it has one, else the studio's.
    const lateHours = plan.lateCancelHours ?? studio?.lateCancelHours ?? defaultLateCancelHours;
    const delayHours = studio?.penaltyDelayHours ?? defaultPenaltyDelayHours;
    const late = plan.lateCancelPenalty?.kind ?? 'none';
    const noShow = plan.noShowPenalty?.kind ?? 'none';
    const sentences = [
        translate(`app.penalties.summary.late_${late}`, {
            hours: translate('app.penalties.summary.hours', { smart_count: lateHours }),
            amount: amountOf(plan.lateCancelPenalty?.amount),
        }),
        translate(`app.penalties.summary.no_show_${noShow}`, { amount: amountOf(plan.noShowPenalty?.amount) }),
    ];
    if (late !== 'none' || noShow !== 'none')
        sentences.push(
            delayHours > 0
                ? translate('app.penalties.summary.waive', {
                      hours: translate('app.penalties.summary.hours_within', { smart_count: delayHours }),
                  })
                : translate('app.penalties.summary.waive_none'),
        );
    if (plan.makeUps) sentences.push(translate('app.penalties.summary.make_ups'));
    return sentences;
};

const Summary = ({ plan }: { plan: Rules }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const studio = useStudioConfig();
    return <span data-testid="penalty-summary">{penaltySummary(plan, studio, translate, locale).join(' ')}</span>;
};

const choices = penaltyRuleKinds.map(kind => ({ id: kind, name: `app.penalties.rules.${kind}` }));

/** What one offence costs: none, the visit or a fee, and the fee's amount only when it is one. */
const RuleInput = ({ source }: { source: 'lateCancelPenalty' | 'noShowPenalty' }) => {
    const kind = useWatch({ name: `${source}.kind` }) as Subscription[typeof source]['kind'] | undefined;
    const currency = useStudioConfig()?.currency;
    return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
            <RadioButtonGroupInput
                source={`${source}.kind`}
                label={`resources.settings/subscriptions.fields.${source}`}
                choices={choices}
                defaultValue="none"
                helperText={false}
            />
            {kind === 'fee' && (
                <NumberInput
                    source={`${source}.amount`}
                    label="app.penalties.rules.amount"
                    min={0}
                    step={0.01}
                    sx={{ mt: 1, maxWidth: 200 }}
                    InputProps={{
                        endAdornment: currency && <InputAdornment position="end">{currency}</InputAdornment>,
                    }}
                />
            )}
        </Box>
    );
};

/** The plan form's attendance rules, with their summary updated as staff choose. */
export const PenaltyRuleInputs = () => {
    const translate = useTranslate();
    const plan = useWatch() as Rules;
    return (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, width: '100%' }}>
            <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                {translate('app.penalties.rules.title')}
            </Typography>
            <RuleInput source="lateCancelPenalty" />
            <RuleInput source="noShowPenalty" />
            <BooleanInput source="makeUps" />
            <Alert severity="info" icon={false} sx={{ mb: 2 }}>
                <Summary plan={plan} />
            </Alert>
        </Box>
    );
};

/** The plan page's rules in words (its show layout labels it). */
export const PenaltyRulesField = (_props: { label?: string }) => {
    const plan = useRecordContext<Subscription>();
    return plan ? <Summary plan={plan} /> : null;
};
