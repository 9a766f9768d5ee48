/** Inactive records stay in the lists (they may be reactivated) but fade, so that the active ones stand out. */
export const inactiveRowSx = (record: { active?: boolean }) => (record.active === false ? { opacity: 0.55 } : {});
