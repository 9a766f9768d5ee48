import { Box, Link } from '@mui/material';
import { useGetMany, useTranslate } from 'react-admin';
import { personName } from '../../domain/journal';
import type { Customer } from '../../domain/types';
import { Link as RouterLink } from 'react-router-dom';
import { useMoneyText } from './PassFields';
import type { EraseBlocker } from '../../domain/api/privacy';

/** How many things a blocker names, for the message's plural. */
const countOf = (blocker: EraseBlocker): number => {
    if (blocker.kind === 'debt') return 1;
    if (blocker.kind === 'unpaid_visits') return blocker.count;
    return blocker.ids.length;
};

/** The wards not erased yet, each by name to their card, where they are erased first. */
const WardLinks = ({ ids, onNavigate }: { ids: number[]; onNavigate: () => void }) => {
    const { data = [] } = useGetMany<Customer>('customers', { ids });
    return (
        <>
            {ids.map((id, index) => {
                const ward = data.find(candidate => candidate.id === id);
                return (
                    <span key={id}>
                        {index ? ', ' : ': '}
                        <Link component={RouterLink} to={`/customers/${id}`} onClick={onNavigate}>
                            {ward ? personName(ward) : `#${id}`}
                        </Link>
                    </span>
                );
            })}
        </>
    );
};

/** What keeps the erasure back, one line per kind, in words; wards not erased yet link to their cards. */
export const EraseBlockers = ({ blockers, onNavigate }: { blockers: EraseBlocker[]; onNavigate: () => void }) => {
    const translate = useTranslate();
    const money = useMoneyText();
    return (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
            {blockers.map(blocker => (
                <Box component="li" key={blocker.kind} sx={{ py: 0.25 }}>
                    {translate(`app.privacy.erase.blockers.${blocker.kind}`, {
                        smart_count: countOf(blocker),
                        amount: blocker.kind === 'debt' ? money(blocker.amount) : undefined,
                    })}
                    {blocker.kind === 'ward' && <WardLinks ids={blocker.ids} onNavigate={onNavigate} />}
                </Box>
            ))}
        </Box>
    );
};
