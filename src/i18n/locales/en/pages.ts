// en texts of the "pages" namespace.
export default {} as Record<string, unknown>;
