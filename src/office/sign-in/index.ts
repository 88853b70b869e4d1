/** The gateway's sign-in in the add-in: MSAL's nested app authentication, and which credential requests carry. */
export * from "./msal";
export * from "./credential";
