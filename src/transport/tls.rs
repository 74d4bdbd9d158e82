//! TLS client set-up shared by the IMAP transport and the test kit: the
//! public web roots plus, optionally, one extra trusted certificate file.

use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use rustls::pki_types::{CertificateDer, ServerName};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;

use super::{init_crypto, TransportError, IO_TIMEOUT};

/// Reads every certificate of a PEM file.
pub(crate) fn load_pem_certs(path: &Path) -> Result<Vec<CertificateDer<'static>>, TransportError> {
    let bytes = std::fs::read(path).map_err(|e| TransportError::CaFile {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let certs: Vec<CertificateDer<'static>> = rustls_pemfile::certs(&mut bytes.as_slice())
        .collect::<Result<_, _>>()
        .map_err(|e| TransportError::CaFile {
            path: path.to_path_buf(),
            message: format!("not a PEM certificate file: {e}"),
        })?;
    if certs.is_empty() {
        return Err(TransportError::CaFile {
            path: path.to_path_buf(),
            message: "no certificate in the file".into(),
        });
    }
    Ok(certs)
}

/// A rustls client configuration trusting the web roots and `ca_file`.
pub(crate) fn client_config(ca_file: Option<&Path>) -> Result<Arc<rustls::ClientConfig>, TransportError> {
    init_crypto();
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = ca_file {
        for cert in load_pem_certs(path)? {
            roots.add(cert).map_err(|e| TransportError::CaFile {
                path: path.to_path_buf(),
                message: format!("unusable certificate: {e}"),
            })?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| TransportError::CaFile {
            path: ca_file.map(Path::to_path_buf).unwrap_or_default(),
            message: e.to_string(),
        })?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// Opens a TCP connection, bounded by [`IO_TIMEOUT`].
pub(crate) async fn tcp_connect(host: &str, port: u16) -> Result<TcpStream, TransportError> {
    let host_only = host.trim_start_matches('[').trim_end_matches(']');
    match tokio::time::timeout(IO_TIMEOUT, TcpStream::connect((host_only, port))).await {
        Ok(Ok(s)) => {
            let _ = s.set_nodelay(true);
            Ok(s)
        }
        Ok(Err(e)) => Err(TransportError::Io {
            host: host.into(),
            port,
            operation: "connect".into(),
            source: e,
        }),
        Err(_) => Err(TransportError::Timeout {
            host: host.into(),
            port,
            operation: "connect".into(),
            seconds: IO_TIMEOUT.as_secs(),
        }),
    }
}

/// Runs the TLS handshake over an open TCP stream, checking the server
/// certificate against `host`.
pub(crate) async fn handshake(
    tcp: TcpStream,
    host: &str,
    port: u16,
    config: Arc<rustls::ClientConfig>,
) -> Result<TlsStream<TcpStream>, TransportError> {
    let host_only = host.trim_start_matches('[').trim_end_matches(']');
    let name = ServerName::try_from(host_only.to_string()).map_err(|e| TransportError::Tls {
        host: host.into(),
        port,
        message: format!("invalid server name: {e}"),
    })?;
    let connector = tokio_rustls::TlsConnector::from(config);
    match tokio::time::timeout(IO_TIMEOUT, connector.connect(name, tcp)).await {
        Ok(Ok(s)) => Ok(s),
        Ok(Err(e)) => Err(TransportError::Tls {
            host: host.into(),
            port,
            message: format!("handshake failed: {e}"),
        }),
        Err(_) => Err(TransportError::Timeout {
            host: host.into(),
            port,
            operation: "TLS handshake".into(),
            seconds: IO_TIMEOUT.as_secs(),
        }),
    }
}

/// A plaintext or TLS connection, as one type for async-imap.
#[derive(Debug)]
pub(crate) enum MaybeTls {
    Plain(TcpStream),
    Tls(Box<TlsStream<TcpStream>>),
}

impl AsyncRead for MaybeTls {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            MaybeTls::Plain(s) => Pin::new(s).poll_read(cx, buf),
            MaybeTls::Tls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for MaybeTls {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        match self.get_mut() {
            MaybeTls::Plain(s) => Pin::new(s).poll_write(cx, buf),
            MaybeTls::Tls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            MaybeTls::Plain(s) => Pin::new(s).poll_flush(cx),
            MaybeTls::Tls(s) => Pin::new(s.as_mut()).poll_flush(cx),
        }
    }
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            MaybeTls::Plain(s) => Pin::new(s).poll_shutdown(cx),
            MaybeTls::Tls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}
