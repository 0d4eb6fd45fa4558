// Accounts tables (issue: accounts) go here.
export {};
