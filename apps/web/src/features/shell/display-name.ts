/** The user's first name, else the email (the shell and the home greeting). */
export function displayName(user: { first_name: string | null; email: string }): string {
  return user.first_name?.trim() || user.email
}
