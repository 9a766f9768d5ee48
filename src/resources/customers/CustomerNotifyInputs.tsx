import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import { Accordion, AccordionDetails, AccordionSummary, Grid, Stack, Typography } from '@mui/material';
import { BooleanInput, SelectInput, useTranslate } from 'react-admin';
import { alwaysSentKinds, messageKinds } from '../../domain/schemas';
import { CustomerTelegram, TelegramChip } from './CustomerTelegram';

/** Kinds a customer may turn off: sign-in codes and a membership's charge notices always go, test messages are staff's own. */
const optionalKinds = messageKinds.filter(kind => !alwaysSentKinds.includes(kind));

/** Nothing said is taken: a customer who never chose takes every channel and kind. */
const taken = (value: unknown) => value !== false;

/**
 * A switch of what the customer takes: shown on when nothing is said. BooleanInput would otherwise put
 * its own default, false, in the form for a choice never made, showing it off and saving it off.
 */
const takes = { format: taken, defaultValue: null } as const;

type Choices = Record<string, boolean | null | undefined>;

const made = (choices: Choices): Record<string, boolean> =>
    Object.fromEntries(Object.entries(choices).filter((entry): entry is [string, boolean] => entry[1] != null));

/**
 * The card's values with only the message choices someone made: the nulls `takes` puts in for the others
 * are no answer the schema or the server takes. Nothing chosen at all stays nothing (null).
 */
export const withChoicesMade = <T extends { notify?: unknown }>(values: T): T => {
    const notify = values.notify as (Choices & { kinds?: Choices }) | null | undefined;
    if (!notify) return values;
    const { kinds, ...channels } = notify;
    const kindsMade = made(kinds ?? {});
    const chosen = { ...made(channels), ...(Object.keys(kindsMade).length > 0 && { kinds: kindsMade }) };
    return { ...values, notify: Object.keys(chosen).length ? chosen : null };
};

/**
 * On the card: the language of the customer's messages and what they take, by channel and by kind (all,
 * until someone turns one off), and whether they linked Telegram; folded away, since it is seldom
 * changed, with the Telegram state on the fold.
 */
export const CustomerNotifyInputs = () => {
    const translate = useTranslate();
    return (
        <Accordion disableGutters variant="outlined" sx={{ width: '100%', mb: 2 }}>
            <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
                <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
                    <Typography>{translate('resources.customers.fields.notify')}</Typography>
                    <TelegramChip />
                </Stack>
            </AccordionSummary>
            <AccordionDetails>
                <CustomerTelegram />
                <Grid container columnSpacing={2}>
                    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                        <SelectInput
                            source="locale"
                            choices={[
                                { id: 'en', name: 'English' },
                                { id: 'ru', name: 'Русский' },
                            ]}
                            translateChoice={false}
                            emptyText="app.messages.studio_language"
                            fullWidth
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6, md: 8 }}>
                        <BooleanInput source="notify.email" label="app.messages.takes.email" {...takes} />
                        <BooleanInput source="notify.telegram" label="app.messages.takes.telegram" {...takes} />
                    </Grid>
                    <Grid size={12}>
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                            {translate('app.messages.takes.help')}
                        </Typography>
                    </Grid>
                    {optionalKinds.map(kind => (
                        <Grid key={kind} size={{ xs: 12, sm: 6, md: 4 }}>
                            <BooleanInput
                                source={`notify.kinds.${kind}`}
                                label={`app.messages.kinds.${kind}`}
                                {...takes}
                                helperText={false}
                            />
                        </Grid>
                    ))}
                </Grid>
            </AccordionDetails>
        </Accordion>
    );
};
