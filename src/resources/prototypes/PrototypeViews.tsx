import { EditGuesser, Empty, ListGuesser, ShowGuesser, useCanAccess, useResourceContext } from 'react-admin';
import { useSaved } from '../../app/saved';

/*
 * A prototype collection's screens are react-admin's guessers: they show whatever fields its records
 * have. `enableLog` prints the guessed code to the browser console in every build, not only in
 * development, so that a developer can copy it into a resource of its own.
 */

/** An empty collection invites to add the first record, but only a role that may create one. */
const PrototypeEmpty = () => {
    const resource = useResourceContext();
    const { canAccess } = useCanAccess({ resource, action: 'create' });
    return <Empty hasCreate={!!canAccess} />;
};

// The guesser's own empty page says to check the data provider: for a prototype, empty is normal.
export const PrototypeList = () => <ListGuesser enableLog empty={<PrototypeEmpty />} />;

export const PrototypeShow = () => <ShowGuesser enableLog />;

export const PrototypeEdit = () => {
    const saved = useSaved('updated', 'list');
    return <EditGuesser enableLog mutationMode="pessimistic" mutationOptions={saved} />;
};
