import type { EmailTexts } from './email-text-shape.js'

export const esES: EmailTexts = {
  verification: {
    subject: 'Verifica tu correo electrónico para Timbre',
    welcome: 'Te damos la bienvenida a Timbre.',
    instruction: 'Confirma que esta es tu dirección de correo electrónico abriendo el enlace de abajo.',
    button: 'Verificar correo',
    footer: 'Si no has creado una cuenta de Timbre, puedes ignorar este correo.',
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de Timbre',
    received: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Timbre.',
    validity: 'El enlace es válido durante una hora.',
    button: 'Restablecer contraseña',
    footer: 'Si no has pedido restablecer tu contraseña, puedes ignorar este correo.',
  },
  invite: {
    subject: (workspace) => `Únete a ${workspace} en Timbre`,
    invited: (inviter, workspace) => `${inviter} te ha invitado al espacio de trabajo ${workspace}.`,
    instruction: (code) =>
      `Inicia sesión o crea una cuenta con esta dirección para aceptar la invitación. Tu código de invitación es ${code}.`,
    validity: (days) => `La invitación es válida durante ${days} días.`,
    button: 'Aceptar invitación',
    footer:
      'Si no quieres unirte, puedes rechazar la invitación después de iniciar sesión o ignorar este correo.',
  },
}
