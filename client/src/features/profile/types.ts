/** The user record of GET /users/{email} (docs/product.md §3 "User"). */
export interface Profile {
  _id: string;
  email: string;
  name?: string;
  displayName?: string;
  photoURL?: string;
  phone?: string;
  address?: string;
  /** YYYY-MM-DD */
  birth?: string;
  gender?: 'male' | 'female';
  role?: 'Admin';
  premiumEndAt: string | null;
}

/** PATCH /users/{email} body; '' clears an optional field. */
export interface ProfileUpdate {
  name: string;
  photoURL: string;
  phone: string;
  address: string;
  birth: string;
  gender: '' | 'male' | 'female';
}
