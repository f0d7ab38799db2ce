import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pitchside/shared/constants';

export type MailKind = 'reset-password' | 'verify-email' | 'register-existing';

interface MailText {
  subject: string;
  /** Lines before the link; the link follows on its own line, then `after`. */
  before: string;
  after: string;
}

/** The account mails in the ten languages, short on purpose: one sentence, the link, one sentence. */
const MESSAGES: Record<Language, Record<MailKind, MailText>> = {
  en: {
    'reset-password': {
      subject: 'Reset your Pitchside password',
      before: 'Someone asked to reset the password of your Pitchside account. Choose a new one here:',
      after: 'The link works once, for one hour. If you did not ask, ignore this mail.',
    },
    'verify-email': {
      subject: 'Confirm your e-mail address for Pitchside',
      before: 'Welcome to Pitchside! Confirm your e-mail address here:',
      after: 'If you did not create an account, ignore this mail.',
    },
    'register-existing': {
      subject: 'Someone tried to create a Pitchside account with your address',
      before:
        'Someone tried to create a new Pitchside account with this e-mail address, which already has one. If it was you, sign in, or choose a new password here:',
      after: 'If it was not you, ignore this mail: your account has not changed.',
    },
  },
  de: {
    'reset-password': {
      subject: 'Setze dein Pitchside-Passwort zurück',
      before: 'Jemand möchte das Passwort deines Pitchside-Kontos zurücksetzen. Wähle hier ein neues:',
      after:
        'Der Link funktioniert einmal, eine Stunde lang. Wenn du das nicht warst, ignoriere diese E-Mail.',
    },
    'verify-email': {
      subject: 'Bestätige deine E-Mail-Adresse für Pitchside',
      before: 'Willkommen bei Pitchside! Bestätige hier deine E-Mail-Adresse:',
      after: 'Wenn du kein Konto angelegt hast, ignoriere diese E-Mail.',
    },
    'register-existing': {
      subject: 'Jemand wollte mit deiner Adresse ein Pitchside-Konto anlegen',
      before:
        'Jemand wollte mit dieser E-Mail-Adresse ein neues Pitchside-Konto anlegen, aber es gibt schon eines. Warst du das, melde dich an oder wähle hier ein neues Passwort:',
      after: 'Wenn du das nicht warst, ignoriere diese E-Mail: an deinem Konto hat sich nichts geändert.',
    },
  },
  es: {
    'reset-password': {
      subject: 'Restablece tu contraseña de Pitchside',
      before: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Pitchside. Elige una nueva aquí:',
      after: 'El enlace funciona una vez, durante una hora. Si no lo pediste, ignora este correo.',
    },
    'verify-email': {
      subject: 'Confirma tu dirección de correo para Pitchside',
      before: '¡Bienvenido a Pitchside! Confirma tu dirección de correo aquí:',
      after: 'Si no creaste una cuenta, ignora este correo.',
    },
    'register-existing': {
      subject: 'Alguien intentó crear una cuenta de Pitchside con tu dirección',
      before:
        'Alguien intentó crear una cuenta nueva de Pitchside con esta dirección de correo, que ya tiene una. Si fuiste tú, inicia sesión o elige una contraseña nueva aquí:',
      after: 'Si no fuiste tú, ignora este correo: tu cuenta no ha cambiado.',
    },
  },
  fr: {
    'reset-password': {
      subject: 'Réinitialisez votre mot de passe Pitchside',
      before:
        'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Pitchside. Choisissez-en un nouveau ici :',
      after: 'Le lien fonctionne une fois, pendant une heure. Si ce n’était pas vous, ignorez ce message.',
    },
    'verify-email': {
      subject: 'Confirmez votre adresse e-mail pour Pitchside',
      before: 'Bienvenue sur Pitchside ! Confirmez votre adresse e-mail ici :',
      after: 'Si vous n’avez pas créé de compte, ignorez ce message.',
    },
    'register-existing': {
      subject: 'Quelqu’un a essayé de créer un compte Pitchside avec votre adresse',
      before:
        'Quelqu’un a essayé de créer un nouveau compte Pitchside avec cette adresse e-mail, qui en a déjà un. Si c’était vous, connectez-vous, ou choisissez un nouveau mot de passe ici :',
      after: 'Si ce n’était pas vous, ignorez ce message : votre compte n’a pas changé.',
    },
  },
  id: {
    'reset-password': {
      subject: 'Atur ulang kata sandi Pitchside Anda',
      before:
        'Seseorang meminta untuk mengatur ulang kata sandi akun Pitchside Anda. Pilih kata sandi baru di sini:',
      after: 'Tautan ini hanya berlaku sekali, selama satu jam. Jika bukan Anda, abaikan email ini.',
    },
    'verify-email': {
      subject: 'Konfirmasi alamat email Anda untuk Pitchside',
      before: 'Selamat datang di Pitchside! Konfirmasi alamat email Anda di sini:',
      after: 'Jika Anda tidak membuat akun, abaikan email ini.',
    },
    'register-existing': {
      subject: 'Seseorang mencoba membuat akun Pitchside dengan alamat Anda',
      before:
        'Seseorang mencoba membuat akun Pitchside baru dengan alamat email ini, yang sudah memiliki akun. Jika itu Anda, masuklah, atau pilih kata sandi baru di sini:',
      after: 'Jika bukan Anda, abaikan email ini: akun Anda tidak berubah.',
    },
  },
  it: {
    'reset-password': {
      subject: 'Reimposta la password di Pitchside',
      before:
        'Qualcuno ha chiesto di reimpostare la password del tuo account Pitchside. Scegline una nuova qui:',
      after: 'Il link funziona una volta, per un’ora. Se non sei stato tu, ignora questa email.',
    },
    'verify-email': {
      subject: 'Conferma il tuo indirizzo email per Pitchside',
      before: 'Benvenuto su Pitchside! Conferma qui il tuo indirizzo email:',
      after: 'Se non hai creato un account, ignora questa email.',
    },
    'register-existing': {
      subject: 'Qualcuno ha provato a creare un account Pitchside con il tuo indirizzo',
      before:
        'Qualcuno ha provato a creare un nuovo account Pitchside con questo indirizzo e-mail, che ne ha già uno. Se eri tu, accedi o scegli una nuova password qui:',
      after: 'Se non eri tu, ignora questa e-mail: il tuo account non è cambiato.',
    },
  },
  nl: {
    'reset-password': {
      subject: 'Stel je Pitchside-wachtwoord opnieuw in',
      before:
        'Iemand heeft gevraagd het wachtwoord van je Pitchside-account opnieuw in te stellen. Kies hier een nieuw:',
      after: 'De link werkt één keer, een uur lang. Was jij dit niet, negeer dan deze e-mail.',
    },
    'verify-email': {
      subject: 'Bevestig je e-mailadres voor Pitchside',
      before: 'Welkom bij Pitchside! Bevestig hier je e-mailadres:',
      after: 'Heb je geen account aangemaakt, negeer dan deze e-mail.',
    },
    'register-existing': {
      subject: 'Iemand probeerde een Pitchside-account te maken met je adres',
      before:
        'Iemand probeerde een nieuw Pitchside-account te maken met dit e-mailadres, dat er al een heeft. Was jij het, log dan in of kies hier een nieuw wachtwoord:',
      after: 'Was jij het niet, negeer deze e-mail dan: je account is niet veranderd.',
    },
  },
  pt: {
    'reset-password': {
      subject: 'Redefina a sua senha do Pitchside',
      before: 'Alguém pediu para redefinir a senha da sua conta Pitchside. Escolha uma nova aqui:',
      after: 'O link funciona uma vez, durante uma hora. Se não foi você, ignore este e-mail.',
    },
    'verify-email': {
      subject: 'Confirme o seu endereço de e-mail no Pitchside',
      before: 'Bem-vindo ao Pitchside! Confirme o seu endereço de e-mail aqui:',
      after: 'Se não criou uma conta, ignore este e-mail.',
    },
    'register-existing': {
      subject: 'Alguém tentou criar uma conta Pitchside com o seu endereço',
      before:
        'Alguém tentou criar uma nova conta Pitchside com este endereço de e-mail, que já tem uma. Se foi você, inicie sessão ou escolha uma nova palavra-passe aqui:',
      after: 'Se não foi você, ignore este e-mail: a sua conta não mudou.',
    },
  },
  ru: {
    'reset-password': {
      subject: 'Сброс пароля Pitchside',
      before: 'Кто-то запросил сброс пароля вашей учётной записи Pitchside. Выберите новый пароль здесь:',
      after: 'Ссылка действует один раз в течение часа. Если это были не вы, просто проигнорируйте письмо.',
    },
    'verify-email': {
      subject: 'Подтвердите адрес электронной почты для Pitchside',
      before: 'Добро пожаловать в Pitchside! Подтвердите адрес электронной почты здесь:',
      after: 'Если вы не создавали учётную запись, проигнорируйте это письмо.',
    },
    'register-existing': {
      subject: 'Кто-то пытался создать аккаунт Pitchside с вашим адресом',
      before:
        'Кто-то пытался создать новый аккаунт Pitchside с этим адресом электронной почты, но у него уже есть аккаунт. Если это были вы, войдите или выберите новый пароль здесь:',
      after: 'Если это были не вы, проигнорируйте это письмо: ваш аккаунт не изменился.',
    },
  },
  tr: {
    'reset-password': {
      subject: 'Pitchside şifrenizi sıfırlayın',
      before: 'Birisi Pitchside hesabınızın şifresini sıfırlamak istedi. Yeni şifrenizi buradan seçin:',
      after: 'Bağlantı bir saat boyunca yalnızca bir kez çalışır. Siz istemediyseniz bu e-postayı yok sayın.',
    },
    'verify-email': {
      subject: 'Pitchside için e-posta adresinizi onaylayın',
      before: 'Pitchside’a hoş geldiniz! E-posta adresinizi buradan onaylayın:',
      after: 'Bir hesap oluşturmadıysanız bu e-postayı yok sayın.',
    },
    'register-existing': {
      subject: 'Biri adresinizle bir Pitchside hesabı oluşturmaya çalıştı',
      before:
        'Biri bu e-posta adresiyle yeni bir Pitchside hesabı oluşturmaya çalıştı, ancak bu adresin zaten bir hesabı var. Sizseniz giriş yapın veya buradan yeni bir şifre seçin:',
      after: 'Siz değilseniz bu e-postayı yok sayın: hesabınız değişmedi.',
    },
  },
};

export const mailLanguage = (language: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : DEFAULT_LANGUAGE;

/** The subject and plain-text body of one account mail in the user's language. */
export function accountMail(kind: MailKind, language: string | null | undefined, link: string) {
  const text = MESSAGES[mailLanguage(language)][kind];
  return { subject: text.subject, text: `${text.before}\n\n${link}\n\n${text.after}\n\n-- \nPitchside\n` };
}
