import { Autocomplete, Box, Button, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { Identifier } from '../../domain/types';
import type { WalkIn } from '../../domain/api';

/**
 * Finds anyone by name to add to the class: the server answers a handful of names. Choosing a name
 * marks them (`onAdd`); with `onBook` each name also has a button that books them a seat, or a place
 * in line when the class is full (`full`), and with `onBookOver` (managers and admins) a full class also
 * offers a seat over capacity. With `onBook` alone (a class of a later day, which cannot be marked yet)
 * choosing a name books them.
 */
export const WalkInSearch = ({
    eventId,
    disabled,
    onAdd,
    onBook,
    onBookOver,
    full = false,
}: {
    eventId: Identifier;
    disabled: boolean;
    onAdd?: (walkIn: WalkIn) => void;
    onBook?: (walkIn: WalkIn) => void;
    onBookOver?: (walkIn: WalkIn) => void;
    full?: boolean;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const [text, setText] = useState('');
    const { data: options = [] } = useQuery({
        queryKey: ['walk-ins', eventId, text],
        queryFn: () => dataProvider.findWalkIns({ id: eventId, q: text }),
        enabled: text.trim().length >= 2,
    });
    const choose = onAdd ?? onBook;
    const bookLabel = translate(full ? 'app.bookings.actions.put_in_line' : 'app.bookings.actions.book');
    const overLabel = translate('app.bookings.choices.over_capacity');
    /** A button beside a name that books them instead of choosing the row (which marks them). */
    const bookButton = (option: WalkIn, label: string, book: (walkIn: WalkIn) => void) => (
        <Button
            size="small"
            variant="outlined"
            aria-label={`${label}: ${option.name}`}
            onClick={event => {
                // Books instead of marking: the row itself is not chosen.
                event.stopPropagation();
                book(option);
                setText('');
            }}
        >
            {label}
        </Button>
    );
    return (
        <Autocomplete<WalkIn>
            sx={{ maxWidth: 480, my: 2 }}
            options={options}
            disabled={disabled || !choose}
            filterOptions={found => found}
            getOptionLabel={option => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            value={null}
            inputValue={text}
            onInputChange={(_event, value, reason) => reason !== 'reset' && setText(value)}
            onChange={(_event, value) => {
                if (value) {
                    choose?.(value);
                    setText('');
                }
            }}
            renderOption={({ key, ...props }, option) => (
                <Box
                    component="li"
                    key={key}
                    {...props}
                    sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}
                >
                    <span>{option.name}</span>
                    {/* The buttons keep to the right end: a tap on the name chooses the row. */}
                    <Box component="span" sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
                        {onAdd && onBook && bookButton(option, bookLabel, onBook)}
                        {full && onBookOver && bookButton(option, overLabel, onBookOver)}
                    </Box>
                </Box>
            )}
            noOptionsText={translate(
                text.trim().length >= 2 ? 'app.timetable.roster.nobody' : 'app.timetable.roster.type_more',
            )}
            renderInput={params => (
                <TextField
                    {...params}
                    label={translate(onAdd ? 'app.timetable.roster.add_walk_in' : 'app.bookings.book_by_name')}
                    size="small"
                />
            )}
        />
    );
};
