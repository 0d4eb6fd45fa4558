// en texts of the "layout" namespace.
export default {} as Record<string, unknown>;
