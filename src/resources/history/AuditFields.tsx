import { createContext, useContext, type ReactNode } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditEntry } from '../../domain/types';
import { deedKey } from './auditDeeds';
import { loadingNameBook, useNameBook } from './auditNames';
import { fieldLabel, recordPieces, shownChanges, useAuditWording, valuePieces, whoText, type Piece } from './auditText';

/*
 * The columns of an entry of the audit trail on screen: who, what, which record and each field as it
 * was and as it became, with the records it names linked to their pages.
 */

const NamesContext = createContext(loadingNameBook);

/** Fetches the names of the records the listed entries speak of, once for the page, for the columns inside. */
export const AuditNames = ({ children }: { children: ReactNode }) => {
    const { data } = useListContext<AuditEntry>();
    return <NamesContext.Provider value={useNameBook(data)}>{children}</NamesContext.Provider>;
};

const useEntryWording = () => useAuditWording(useContext(NamesContext));

/** Pieces of text, the records among them as links to their pages. */
const Pieces = ({ pieces }: { pieces: readonly Piece[] }) => (
    <>
        {pieces.map((piece, index) =>
            typeof piece === 'string' || !piece.path ? (
                <span key={index}>{typeof piece === 'string' ? piece : piece.text}</span>
            ) : (
                <Link key={index} component={RouterLink} to={piece.path} onClick={event => event.stopPropagation()}>
                    {piece.text}
                </Link>
            ),
        )}
    </>
);

export const WhoField = (_props: { label?: string }) => {
    const entry = useRecordContext<AuditEntry>();
    const translate = useTranslate();
    return entry ? <span>{whoText(translate, entry)}</span> : null;
};

export const ActionField = (_props: { label?: string }) => {
    const entry = useRecordContext<AuditEntry>();
    const translate = useTranslate();
    return entry ? <span>{translate(deedKey(entry))}</span> : null;
};

export const RecordField = (_props: { label?: string }) => {
    const entry = useRecordContext<AuditEntry>();
    const wording = useEntryWording();
    return entry ? <Pieces pieces={recordPieces(wording, entry)} /> : null;
};

/** Each field of the change on its own line: the field's name, what it was and what it became. */
export const ChangesField = (_props: { label?: string }) => {
    const entry = useRecordContext<AuditEntry>();
    const wording = useEntryWording();
    if (!entry) return null;
    const shown = (field: string, value: unknown) => (
        <Pieces pieces={valuePieces(wording, entry.collection, field, value)} />
    );
    return (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', minWidth: 220 }}>
            {shownChanges(entry).map(change => (
                <Typography component="li" variant="body2" key={change.field} sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                        {fieldLabel(wording.translate, entry.collection, change.field)}:
                    </Box>{' '}
                    {'before' in change && (
                        <Box
                            component="span"
                            sx={
                                'after' in change
                                    ? { textDecoration: 'line-through', color: 'text.secondary' }
                                    : undefined
                            }
                        >
                            {shown(change.field, change.before)}
                        </Box>
                    )}
                    {'before' in change && 'after' in change && ' → '}
                    {'after' in change && <span>{shown(change.field, change.after)}</span>}
                </Typography>
            ))}
        </Box>
    );
};
