package dev.pmmemory.bootstrap;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder a test can switch off, to take the database away under a running application
 * without stopping the server other tests (and people) use. Off, it resets every open connection
 * and every new one at once (what a client sees when the server or the network in between dies);
 * it keeps its port all along, so that no other socket can take it while the database is "down".
 */
final class TcpProxy implements AutoCloseable {
    private final ServerSocket server;
    private final ServerSocket control;
    private final String targetHost;
    private final int targetPort;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean up;
    private volatile boolean closed;

    TcpProxy(String targetHost, int targetPort, boolean up) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.up = up;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.control = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "tcp-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        Thread controller = new Thread(this::controlLoop, "tcp-proxy-control");
        controller.setDaemon(true);
        controller.start();
    }

    int port() {
        return server.getLocalPort();
    }

    /**
     * A port that takes one line, {@code up} or {@code down}, and answers {@code ok} once done:
     * how a test switches a proxy that a test resource started, whatever class loader each has.
     */
    int controlPort() {
        return control.getLocalPort();
    }

    /** Sends {@code up} or {@code down} to the control port of a proxy; returns when it is applied. */
    static void switchTo(int controlPort, boolean up) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), controlPort);
             var out = new java.io.PrintWriter(s.getOutputStream(), true, java.nio.charset.StandardCharsets.US_ASCII);
             var in = new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream(),
                     java.nio.charset.StandardCharsets.US_ASCII))) {
            out.println(up ? "up" : "down");
            if (!"ok".equals(in.readLine())) {
                throw new IllegalStateException("the proxy did not confirm the switch");
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void controlLoop() {
        while (!closed) {
            try (Socket s = control.accept();
                 var in = new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream(),
                         java.nio.charset.StandardCharsets.US_ASCII));
                 var out = new java.io.PrintWriter(s.getOutputStream(), true,
                         java.nio.charset.StandardCharsets.US_ASCII)) {
                setUp("up".equals(in.readLine()));
                out.println("ok");
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    /** Up: connections pass through. Down: every open connection is reset, new ones are refused. */
    void setUp(boolean up) {
        this.up = up;
        if (!up) {
            open.forEach(TcpProxy::reset);
            open.clear();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            if (!up) {
                reset(client);
                continue;
            }
            try {
                Socket upstream = new Socket(targetHost, targetPort);
                open.add(client);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                reset(client);
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side went away: the other goes too
            } finally {
                reset(from);
                reset(to);
                open.remove(from);
                open.remove(to);
            }
        }, "tcp-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void reset(Socket s) {
        try {
            s.setSoLinger(true, 0); // RST, not a polite FIN
            s.close();
        } catch (IOException e) {
            // already gone
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        setUp(false);
        server.close();
        control.close();
    }
}
